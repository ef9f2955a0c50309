extension LineTable {
    /// Whether the file declares `private let name: Outer.Inner` (or `private var`): a stored property that
    /// may hold dependencies typed by another type's alias (`FactCollector+TypedDependencies`), which no
    /// word of the dependency vocabulary need announce. A byte scan, asked only of files the vocabulary
    /// rules out; it may say yes to more than the walk keeps, never less (`VocabularyGateTests`): any
    /// whitespace, modifiers, several names before one type, and `any`, `some` or parentheses before it.
    func declaresPrivateMemberTypedProperty() -> Bool {
        bytes.withUnsafeBufferPointer { text in
            let end = text.count
            func matches(_ word: [UInt8], at index: Int) -> Bool {
                index + word.count <= end && (0..<word.count).allSatisfy { text[index + $0] == word[$0] }
            }
            func isIdentifier(_ byte: UInt8) -> Bool {
                byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7a) || byte >= 0x80
            }
            func isUppercase(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5a }
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d }
            func skipSpaces(_ at: inout Int) { while at < end, isSpace(text[at]) { at += 1 } }
            func skipIdentifier(_ at: inout Int) { while at < end, isIdentifier(text[at]) { at += 1 } }
            /// Skips `word` when it stands whole at `at` (followed by a space or, for `(unsafe)`-style
            /// modifiers, by its parenthesised argument), and the spaces after it.
            func skipWord(_ word: [UInt8], _ at: inout Int) -> Bool {
                guard matches(word, at: at), at + word.count < end else { return false }
                var next = at + word.count
                if text[next] == UInt8(ascii: "(") {
                    while next < end, text[next] != UInt8(ascii: ")") { next += 1 }
                    next += 1
                }
                guard next < end, isSpace(text[next]) else { return false }
                at = next
                skipSpaces(&at)
                return true
            }
            let keyword = Array("private".utf8)
            let modifiers = ["lazy", "weak", "unowned", "nonisolated", "final", "dynamic"].map { Array($0.utf8) }
            let introducers = ["let", "var"].map { Array($0.utf8) }
            let typePrefixes = ["any", "some"].map { Array($0.utf8) }
            var index = 0
            while index < end {
                guard text[index] == keyword[0], matches(keyword, at: index),
                    index == 0 || !isIdentifier(text[index - 1])
                else {
                    index += 1
                    continue
                }
                var at = index + keyword.count
                index = at
                guard at < end, isSpace(text[at]) else { continue }
                skipSpaces(&at)
                while modifiers.contains(where: { skipWord($0, &at) }) {}
                guard introducers.contains(where: { skipWord($0, &at) }) else { continue }
                // `a, b: Outer.Inner`: names, then the one type they share.
                repeat {
                    skipSpaces(&at)
                    skipIdentifier(&at)
                    skipSpaces(&at)
                } while at < end && text[at] == UInt8(ascii: ",") && { at += 1; return true }()
                guard at < end, text[at] == UInt8(ascii: ":") else { continue }
                at += 1
                skipSpaces(&at)
                while at < end, text[at] == UInt8(ascii: "(") { at += 1; skipSpaces(&at) }
                while typePrefixes.contains(where: { skipWord($0, &at) }) {}
                guard at < end, isUppercase(text[at]) else { continue }
                skipIdentifier(&at)
                guard at + 1 < end, text[at] == UInt8(ascii: "."), isUppercase(text[at + 1]) else { continue }
                return true
            }
            return false
        }
    }
}
