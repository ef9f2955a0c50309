extension LineTable {
    /// Whether the file declares `private let name: Outer.Inner` (or `private var`): a stored property that
    /// may hold dependencies typed by another type's alias (`FactCollector+TypedDependencies`), which no
    /// word of the dependency vocabulary need announce. A byte scan, asked only of files the vocabulary
    /// rules out; it may say yes to more than the walk keeps, never less.
    func declaresPrivateMemberTypedProperty() -> Bool {
        bytes.withUnsafeBufferPointer { text in
            let keyword = Array("private ".utf8)
            var index = 0
            let end = text.count
            func isIdentifier(_ byte: UInt8) -> Bool {
                byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7a) || byte >= 0x80
            }
            func isUppercase(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5a }
            func skipSpaces(_ at: inout Int) {
                while at < end, text[at] == 0x20 || text[at] == 0x09 || text[at] == 0x0a || text[at] == 0x0d { at += 1 }
            }
            func skipWord(_ word: String, _ at: inout Int) {
                let bytes = Array(word.utf8)
                guard at + bytes.count < end, (0..<bytes.count).allSatisfy({ text[at + $0] == bytes[$0] }) else { return }
                at += bytes.count
                skipSpaces(&at)
            }
            func skipIdentifier(_ at: inout Int) { while at < end, isIdentifier(text[at]) { at += 1 } }
            while index + keyword.count < end {
                guard text[index] == keyword[0], (0..<keyword.count).allSatisfy({ text[index + $0] == keyword[$0] }) else {
                    index += 1
                    continue
                }
                var at = index + keyword.count
                index = at
                skipSpaces(&at)
                for modifier in ["lazy ", "weak ", "unowned ", "nonisolated ", "final "] { skipWord(modifier, &at) }
                guard at + 4 < end, text[at + 1] == UInt8(ascii: "e") || text[at + 1] == UInt8(ascii: "a"),
                    (text[at] == UInt8(ascii: "l") && text[at + 1] == UInt8(ascii: "e") && text[at + 2] == UInt8(ascii: "t"))
                        || (text[at] == UInt8(ascii: "v") && text[at + 1] == UInt8(ascii: "a") && text[at + 2] == UInt8(ascii: "r")),
                    text[at + 3] == 0x20
                else { continue }
                at += 4
                skipSpaces(&at)
                skipIdentifier(&at)
                skipSpaces(&at)
                guard at < end, text[at] == UInt8(ascii: ":") else { continue }
                at += 1
                skipSpaces(&at)
                guard at < end, isUppercase(text[at]) else { continue }
                skipIdentifier(&at)
                guard at + 1 < end, text[at] == UInt8(ascii: "."), isUppercase(text[at + 1]) else { continue }
                return true
            }
            return false
        }
    }
}
