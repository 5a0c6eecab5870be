#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SyncStore

/// "A live store owns this database file": an exclusive `flock` on
/// `<database>.lock`, taken before the file is opened and held for the
/// store's life, so that a second store (another run, in this process or
/// another) is refused with a clear error instead of emptying or writing
/// the file under the first.
///
/// Why not SQLite's own locks: SQLite locks a file only for the length of
/// a transaction, and in WAL mode readers never block, so between two
/// transactions nothing says the file is taken; `locking_mode=EXCLUSIVE`
/// would hold it, but would also shut out the run's own concurrent writers,
/// which open several connections to one file on purpose (they share this
/// lock through ``SQLiteStore/init(connectingTo:)``). Why `flock`, not
/// `fcntl`: a `flock` belongs to one open file description, so two stores
/// in one process (parallel sweep jobs) exclude each other, while `fcntl`
/// locks belong to the process and would let them both in; and a separate
/// lock file, because SQLite takes `fcntl` locks on the database itself,
/// which on BSD systems may interact with a `flock` on the same file.
///
/// The kernel drops the lock when the process dies, so a file left by a
/// dead run is taken over (and emptied by the new store). On release the
/// holder unlinks the lock file while still holding it; a taker checks that
/// the file it locked is still the one at the path, else tries again, so
/// two stores never both believe they hold it.
///
/// Sendable: both properties are constants.
final class SQLiteFileLock: Sendable {
    /// The lock file: the database's path and `.lock`.
    let path: String
    private let descriptor: Int32

    /// Takes the lock of `database`, or throws naming the file when another
    /// live store holds it.
    init(database: String) throws(StoreError) {
        let path = database + ".lock"
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { throw Self.failure(database, "cannot create its lock file \(path)", errno) }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                close(descriptor)
                if code == EINTR { continue }
                if code == EWOULDBLOCK {
                    throw StoreError(code: .inUse, message: "\(database) is in use by another run (a live store holds its lock \(path))")
                }
                throw Self.failure(database, "cannot lock \(path)", code)
            }
            // The last holder may have unlinked the file between our open and
            // our flock: then we hold a lock nobody else can see. Try again.
            var held = stat()
            var named = stat()
            if fstat(descriptor, &held) == 0, stat(path, &named) == 0, held.st_dev == named.st_dev, held.st_ino == named.st_ino {
                self.path = path
                self.descriptor = descriptor
                return
            }
            close(descriptor)
        }
    }

    deinit {
        unlink(path)
        close(descriptor)
    }

    /// Worded as SQLite words a file it cannot open, which it would have
    /// met next: a missing folder, one that cannot be written.
    private static func failure(_ database: String, _ what: String, _ code: Int32) -> StoreError {
        StoreError(code: .storage, message: "\(database): unable to open database file: \(what): \(String(cString: strerror(code)))")
    }
}
