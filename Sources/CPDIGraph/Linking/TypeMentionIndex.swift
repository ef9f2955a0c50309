import CPDIFacts

/// Which file first writes a type name where an unread lookup could ask for it, or an unread registration
/// could build it (`NameReads.typeMentions`, `NameReads.registrableTypeMentions`). Built on the first
/// question: most scans ask none. Every name asked is noted, so an edit that only changes where names are
/// written is answered from the saved result only when no asked name changed (`AskedReads`).
final class TypeMentionIndex: @unchecked Sendable {
    private let files: [FileFacts]
    private let asked: AskedReadsLog
    private var lookupable: [UInt32: String]?
    private var registrable: [UInt32: String]?

    init(files: [FileFacts], asked: AskedReadsLog) {
        self.files = files
        self.asked = asked
    }

    /// The first file, by path, writing `type`'s last name where a lookup could take it from.
    func fileWritingForLookup(_ type: String) -> String? {
        let name = String(TypeMentionName.last(of: type))
        asked.note(name)
        if lookupable == nil { lookupable = Self.firstFiles(files) { $0.runtime.reads.typeMentions } }
        return lookupable?[MemberNameHash.of(name)]
    }

    /// The first file, by path, writing `type`'s last name where a registration could build or name it.
    func fileWritingForRegistration(_ type: String) -> String? {
        let name = String(TypeMentionName.last(of: type))
        asked.note(name)
        if registrable == nil { registrable = Self.firstFiles(files) { $0.runtime.reads.registrableTypeMentions } }
        return registrable?[MemberNameHash.of(name)]
    }

    private static func firstFiles(_ files: [FileFacts], _ mentions: (FileFacts) -> [UInt32]) -> [UInt32: String] {
        var first: [UInt32: String] = [:]
        for file in files {
            for hash in mentions(file) where first[hash].map({ file.path < $0 }) ?? true { first[hash] = file.path }
        }
        return first
    }
}
