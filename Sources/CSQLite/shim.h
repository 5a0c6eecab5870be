// The system SQLite, as a Swift module. Needs the sqlite3 development
// headers: `apt-get install libsqlite3-dev` on Debian and Ubuntu.
#include <sqlite3.h>
