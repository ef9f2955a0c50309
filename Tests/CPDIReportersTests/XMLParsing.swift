import Foundation
import FoundationXML

/// Parses a report the way a CI server would, so tests check what a reader gets back, not how it was spelled.
enum XMLParsing {
    static func document(_ text: String) throws -> XMLDocument {
        try XMLDocument(data: Data(text.utf8))
    }

    static func elements(_ xpath: String, in document: XMLDocument) throws -> [XMLElement] {
        try document.nodes(forXPath: xpath).compactMap { $0 as? XMLElement }
    }

    static func attribute(_ name: String, of element: XMLElement) -> String? {
        element.attribute(forName: name)?.stringValue
    }
}
