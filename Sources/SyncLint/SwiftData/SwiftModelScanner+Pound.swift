/// `#` in a Swift file: conditional compilation, `#Unique`, `#Index` and
/// other freestanding macros.
extension SwiftModelScanner {
    mutating func readPoundDirective(in scope: Scope) {
        let pound = advance()
        guard let name = peek(), name.kind == .identifier else { return }
        advance()
        var modelIndex: Int?
        if case .model(let index) = scope { modelIndex = index }
        switch name.text {
        case "if", "elseif":
            if name.text == "if", let index = modelIndex {
                report(pound, "#if inside @Model class \(classes[index].name) is not understood: simulate lint reads every branch "
                    + "as if all were compiled; check these properties by hand")
            }
            skipLine(name.line)
        case "else", "endif":
            break
        case "Unique" where modelIndex != nil:
            readUniqueMacro(pound, of: modelIndex!)
        case "Index" where modelIndex != nil:
            // An index changes no CloudKit rule.
            skipMacroUse(nameLine: name.line)
        default:
            if let index = modelIndex {
                report(pound, "macro #\(name.text) inside @Model class \(classes[index].name) is not understood; ignored")
            } else if name.text == "Unique" {
                report(pound, "#Unique outside the body of a file-level @Model class is not understood; ignored")
            }
            skipMacroUse(nameLine: name.line)
        }
    }

    /// `#Unique<T>([\.a, \.b], [\.c])`: each list is one constraint.
    private mutating func readUniqueMacro(_ pound: SwiftToken, of index: Int) {
        let className = classes[index].name
        var typeName: String?
        if peek()?.isSymbol("<") == true {
            advance()
            while let token = peek(), !token.isSymbol(">") {
                if token.kind == .identifier { typeName = token.text }
                advance()
            }
            if peek() != nil { advance() }
        }
        guard peek()?.isSymbol("(") == true else {
            report(pound, "#Unique in \(className) is not understood (expected #Unique<\(className)>([\\.a, \\.b])); not checked")
            return
        }
        let arguments = readParenthesized()
        guard let constraints = SwiftMacroArguments.uniqueConstraints(arguments) else {
            report(pound, "#Unique in \(className) is not understood (expected lists of key paths such as [\\.a, \\.b]); not checked")
            return
        }
        if let typeName, typeName != className {
            report(pound, "#Unique<\(typeName)> inside \(className) is not understood (it names another type); not checked")
            return
        }
        classes[index].uniqueMacros.append(.init(typeName: typeName, constraints: constraints, location: location(pound)))
    }
}
