import CPDIGraph
import CPDIRules
import Foundation

/// One self-contained page for people: counts, the graph with pan and zoom, a filterable findings
/// table, and a panel that explains any component's composition. Nothing is fetched from the
/// network, so the file can be attached to a CI run and opened anywhere.
///
/// Everything a reader sees without JavaScript (counts, table) is rendered here; the script only
/// filters, selects and builds the panel from the embedded `cpdi-data` JSON with `textContent`.
public enum HTMLFormat {
    public static func render(_ result: AnalysisResult, options: ReportOptions) throws -> [UInt8] {
        let pictures = try graphPictures(result)
        let findingNodes = findingNodeIDs(result)
        let groups = groups(result, strategy: pictures.strategy)
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="\(escape("\(result.tool.name) \(result.tool.version)"))">
            <title>cpdi report · \(plural(result.findings.count, "finding"))</title>
            <style>\(HTMLAssets.style)</style>
            </head>
            <body>

            """
        page += header(result, options: options)
        page += "<main>\n"
        page += workspace(pictures)
        page += findingsTable(result, options: options)
        page += problemsList(result)
        page += "</main>\n"
        page += "<script type=\"application/json\" id=\"cpdi-data\">"
        page += try embeddedData(result, findingNodes: findingNodes, groups: groups, options: options)
        page += "</script>\n<script>\(HTMLAssets.script)</script>\n</body>\n</html>\n"
        return Array(page.utf8)
    }

    // MARK: - Page sections

    private static func header(_ result: AnalysisResult, options: ReportOptions) -> String {
        let components = result.graph.nodes.count { $0.kind == .component }
        var stats = [
            "<li><b>\(result.files.count)</b> \(result.files.count == 1 ? "file" : "files")</li>",
            "<li><b>\(components)</b> \(components == 1 ? "component" : "components")</li>",
        ]
        for severity in Severity.allCases.reversed() {
            let count = result.findings.count { $0.severity == severity }
            let noun = severity == .info ? "info" : count == 1 ? severity.rawValue : "\(severity.rawValue)s"
            stats.append("<li class=\"stat-\(severity.rawValue)\(count == 0 ? " zero" : "")\"><b>\(count)</b> \(noun)</li>")
        }
        if !result.problems.isEmpty {
            stats.append("<li class=\"stat-problem\"><b>\(result.problems.count)</b> unreadable</li>")
        }
        var meta = escape("\(result.tool.name) \(result.tool.version)")
        if let timestamp = options.timestamp { meta += " · <time>\(escape(timestamp))</time>" }
        return """
            <header class="top">
            <div class="brand">cpdi <span>dependency report</span></div>
            <ul class="stats">\(stats.joined())</ul>
            <div class="meta">\(meta)</div>
            </header>

            """
    }

    /// The components view, which the page opens on, and the whole graph for a reader who asks for
    /// aliases and leaves; the latter only when it is drawn flat, since a collapsed module map of it
    /// would show nothing the first picture does not.
    /// When the first picture is collapsed (a large app's module map), which components each drawn
    /// module or folder stands for, so the page can list them when it is clicked.
    private static func groups(_ result: AnalysisResult, strategy: LayoutStrategy?) -> [EmbeddedData.Group]? {
        guard let strategy, strategy.collapse != .flat else { return nil }
        let collapse = Collapse(grouping: strategy.collapse)
        let view = GraphOptions.report.view.select(result.graph)
        return collapse.apply(view, marks: FindingMarks(result: result)).groups.map { group in
            EmbeddedData.Group(id: collapse.id(ofGroup: group.key), kind: strategy.collapse.rawValue, name: group.key, members: group.members.map(\.id))
        }
    }

    private static func graphPictures(_ result: AnalysisResult) throws -> (svgs: [String], strategy: LayoutStrategy?) {
        let components = try GraphFormat.svg.draw(result, options: .report)
        var svgs = [inlineSVG(String(decoding: components.bytes, as: UTF8.self), id: "cpdi-svg", strategy: components.strategy)]
        let full = try GraphFormat.svg.draw(result, options: .reportFull)
        if full.strategy?.collapse == .flat {
            svgs.append(inlineSVG(String(decoding: full.bytes, as: UTF8.self), id: "cpdi-svg-full", strategy: full.strategy, hidden: true))
        }
        return (svgs, components.strategy)
    }

    private static func workspace(_ pictures: (svgs: [String], strategy: LayoutStrategy?)) -> String {
        // The view switch only when there is a second picture to switch to.
        let views = pictures.svgs.count < 2 ? "" : """
            <div class="views" role="group" aria-label="What the graph shows"><button type="button" data-view="components" aria-pressed="true" title="Components and whom they forward their dependencies to">Components</button><button type="button" data-view="full" aria-pressed="false" title="Every node: aliases, leaf protocols, containers too">+ aliases &amp; leaves</button></div>

            """
        return """
        <section class="workspace" id="cpdi-workspace">
        <div class="graph" id="cpdi-graph">
        \(pictures.svgs.joined(separator: "\n"))
        <div class="toolbar"><button type="button" id="cpdi-zoom-in" title="Zoom in">+</button><button type="button" id="cpdi-zoom-out" title="Zoom out">&#8722;</button><button type="button" id="cpdi-zoom-reset" title="Back to the first view">&#8634;</button><button type="button" id="cpdi-zoom-all" title="The whole graph, however small">&#10530;</button></div>
        \(views)<div class="fit-note" id="cpdi-fit-note" hidden>Part of the graph at a readable size: drag to pan, &#10530; shows all of it</div>
        \(legend(pictures.strategy))
        </div>
        <aside class="panel" id="cpdi-panel" aria-live="polite">
        <div class="panel-empty" id="cpdi-panel-empty"><h2>Select a component</h2><p>Click a finding or a node in the graph to see what it is composed of, which leaf protocols it ends up needing, and where it forwards its dependencies.</p><p class="hint">Drag to pan · wheel or <kbd>+</kbd> <kbd>&#8722;</kbd> to zoom · <kbd>Esc</kbd> clears</p></div>
        <div class="panel-body" id="cpdi-panel-body" hidden></div>
        </aside>
        </section>

        """
    }

    private static func legend(_ strategy: LayoutStrategy?) -> String {
        if let strategy, strategy.collapse != .flat {
            let grouping = strategy.collapse.rawValue
            let focus = strategy.collapse == .module ? "module" : "component"
            return "<div class=\"legend\"><span class=\"lg lg-group\">\(grouping)</span><span class=\"lg lg-forward\">forwards between two \(grouping)s, labelled with how many</span>"
                + "<span>\(LayoutStrategy.formatted(strategy.viewNodes)) nodes drawn as \(LayoutStrategy.formatted(strategy.drawnNodes)) \(grouping)s: click one for what it holds; <code>cpdi graph --focus &lt;\(focus)&gt;</code> draws one with its neighbours</span></div>"
        }
        return "<div class=\"legend\"><span class=\"lg lg-component\">component</span><span class=\"lg lg-container\">container</span>"
            + "<span class=\"lg lg-alias full-only\">alias</span><span class=\"lg lg-leaf full-only\">leaf protocol</span>"
            + "<span class=\"lg lg-forward\">forwards to: unlabelled when it builds the child, labelled when it hands on another way</span>"
            + "<span class=\"lg lg-requires full-only\">requires</span><span class=\"lg lg-composes full-only\">composes</span></div>"
    }

    private static func findingsTable(_ result: AnalysisResult, options: ReportOptions) -> String {
        let rules = Set(result.findings.map(\.ruleID)).sorted()
        let ruleOptions = rules.map { "<option value=\"\(escape($0))\">\(escape($0))</option>" }.joined()
        let severityOptions = Severity.allCases.reversed().map { "<option value=\"\($0.rawValue)\">\($0.rawValue)</option>" }.joined()
        var rows = ""
        for (index, finding) in result.findings.enumerated() {
            let location = "\(finding.file):\(finding.line)"
            let (folder, name) = splitPath(finding.file)
            rows += "<tr class=\"finding\" data-i=\"\(index)\" tabindex=\"0\">"
            rows += "<td><span class=\"sev sev-\(finding.severity.rawValue)\">\(finding.severity.rawValue)</span></td>"
            rows += "<td><code class=\"rule\">\(escape(finding.ruleID))</code></td>"
            rows += "<td class=\"loc\"><a href=\"\(escape(link(finding.file, line: finding.line, options)))\" title=\"\(escape("\(location):\(finding.column)"))\">"
            rows += "<span class=\"dir\">\(escape(folder))</span>\(escape(name)):\(finding.line)</a></td>"
            rows += "<td class=\"component\">\(escape(finding.component))</td>"
            rows += "<td class=\"message\">\(richText(finding.message))</td></tr>\n"
        }
        let disabled = result.findings.isEmpty ? " disabled" : ""
        let emptyRow = result.findings.isEmpty
            ? "<tr class=\"empty\"><td colspan=\"5\">No findings: every dependency is used and forwarded where it is needed.</td></tr>\n"
            : "<tr class=\"empty\" id=\"cpdi-no-match\" hidden><td colspan=\"5\">No finding matches these filters.</td></tr>\n"
        return """
            <section class="card findings" id="cpdi-findings">
            <div class="card-head"><h2>Findings</h2>
            <div class="filters">
            <label>Rule <select id="cpdi-filter-rule"\(disabled)><option value="">all rules</option>\(ruleOptions)</select></label>
            <label>Severity <select id="cpdi-filter-severity"\(disabled)><option value="">all</option>\(severityOptions)</select></label>
            <label>File <input type="search" id="cpdi-filter-file" placeholder="filter by path" autocomplete="off"\(disabled)></label>
            <span class="count" id="cpdi-count">\(result.findings.count) of \(result.findings.count)</span>
            </div></div>
            <table>
            <thead><tr><th>Severity</th><th>Rule</th><th>Location</th><th>Component</th><th>Message</th></tr></thead>
            <tbody>
            \(rows)\(emptyRow)</tbody>
            </table>
            </section>

            """
    }

    private static func problemsList(_ result: AnalysisResult) -> String {
        guard !result.problems.isEmpty else { return "" }
        let items = result.problems.map { problem in
            let place = [problem.file, problem.line.map(String.init)].compactMap { $0 }.joined(separator: ":")
            return "<li><span class=\"sev sev-\(problem.severity.rawValue)\">\(problem.severity.rawValue)</span> <code>\(escape(place))</code> \(escape(problem.message))</li>"
        }
        return "<section class=\"card problems\"><div class=\"card-head\"><h2>Files not fully analysed</h2></div><ul>\(items.joined())</ul></section>\n"
    }

    // MARK: - Embedded data

    private struct EmbeddedData: Encodable {
        struct Node: Encodable {
            let id, kind, name, file: String
            let line: Int
            let leaves: [String]?
            let href: String?
        }
        struct Edge: Encodable {
            let from, to, kind: String
            let via: String?
        }
        struct Finding: Encodable {
            let ruleID, severity, file: String
            let line: Int
            let message, component: String
            let member, suggestion, node: String?
        }
        /// A module or folder drawn as one node.
        struct Group: Encodable {
            let id, kind, name: String
            let members: [String]
        }
        let nodes: [Node]
        let edges: [Edge]
        let findings: [Finding]
        let groups: [Group]?
    }

    private static func embeddedData(_ result: AnalysisResult, findingNodes: [String?], groups: [EmbeddedData.Group]?, options: ReportOptions) throws -> String {
        let data = EmbeddedData(
            nodes: result.graph.nodes.map {
                .init(id: $0.id, kind: $0.kind.rawValue, name: $0.name, file: $0.file, line: $0.line, leaves: $0.leaves,
                      href: $0.file.isEmpty ? nil : link($0.file, line: $0.line, options))
            },
            // `uses` edges are not drawn, and the panel derives everything from the others.
            edges: result.graph.edges.filter { $0.kind != .uses }.map {
                .init(from: $0.from, to: $0.to, kind: $0.kind.rawValue, via: $0.via?.rawValue)
            },
            findings: zip(result.findings, findingNodes).map { finding, node in
                .init(ruleID: finding.ruleID, severity: finding.severity.rawValue, file: finding.file, line: finding.line,
                      message: finding.message, component: finding.component, member: finding.member,
                      suggestion: finding.suggestion, node: node)
            },
            groups: groups)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return scriptSafe(try encoder.encode(data))
    }

    /// JSON that cannot end or derail the `<script>` element holding it: `</` would close it, and
    /// `<!--` would put the HTML parser in a state where the real `</script>` no longer closes it.
    /// U+2028/U+2029 are escaped for older JavaScript parsers. All replacements are still valid JSON.
    static func scriptSafe(_ json: some Collection<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(json.count)
        let bytes = Array(json)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "<"), next == UInt8(ascii: "/") {
                out += Array(#"<\/"#.utf8)
                index += 2
            } else if byte == UInt8(ascii: "<"), next == UInt8(ascii: "!") {
                out += Array(#"\u003c"#.utf8)
                index += 1
            } else if byte == 0xE2, next == 0x80, index + 2 < bytes.count, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                out += Array((bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                index += 3
            } else {
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Helpers

    /// The node each finding is about: its component (or container), else a node of that name.
    private static func findingNodeIDs(_ result: AnalysisResult) -> [String?] {
        var byName: [String: Node] = [:]
        for node in result.graph.nodes {
            let isComponent = node.kind == .component || node.kind == .container
            if byName[node.name] == nil || isComponent && byName[node.name]!.kind != .component { byName[node.name] = node }
        }
        return result.findings.map { byName[$0.component]?.id }
    }

    /// Graphviz writes a standalone document; the page wants only the `<svg>` element, without
    /// comments and without a fixed size, so CSS and the viewBox decide how big it is. The element
    /// says which way its ranks run, so the page knows where a drawing too big to show whole starts.
    static func inlineSVG(_ document: String, id: String = "cpdi-svg", strategy: LayoutStrategy? = nil, hidden: Bool = false) -> String {
        guard let start = document.range(of: "<svg") else { return "" }
        var svg = ""
        var rest = document[start.lowerBound...]
        while let open = rest.range(of: "<!--"), let close = rest[open.upperBound...].range(of: "-->") {
            svg += rest[..<open.lowerBound]
            rest = rest[close.upperBound...]
            if rest.first == "\n" { rest = rest.dropFirst() }
        }
        svg += rest
        guard let tagEnd = svg.firstIndex(of: ">") else { return svg }
        var tag = String(svg[..<tagEnd])
        for attribute in [" width=\"", " height=\""] {
            if let found = tag.range(of: attribute), let quote = tag[found.upperBound...].firstIndex(of: "\"") {
                tag.removeSubrange(found.lowerBound...quote)
            }
        }
        var attributes = " id=\"\(id)\" role=\"img\" aria-label=\"dependency graph\""
        if let shape = strategy?.shape { attributes += " data-ranks=\"\(shape.direction.rawValue)\"" }
        if hidden { attributes += " hidden" }
        return tag.replacingOccurrences(of: "\n", with: " ") + attributes + svg[tagEnd...]
    }

    /// Text safe in content and in quoted attributes: HTML5 reads the same references XML does and,
    /// unlike XML, keeps line breaks in attribute values, so the XML content escaper serves both.
    static func escape(_ text: String) -> String {
        XMLEscaping.text(text)
    }

    /// Escaped text with the message convention of `backticked` names shown as code.
    private static func richText(_ text: String) -> String {
        let parts = escape(text).split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count > 1, parts.count % 2 == 1 else { return escape(text) }
        return parts.enumerated().map { $0.offset % 2 == 1 ? "<code>\($0.element)</code>" : String($0.element) }.joined()
    }

    /// `prefix + path#Lline`, the path percent-encoded byte by byte (stable, and safe for `%`,
    /// spaces and line breaks); the caller escapes the result for the attribute.
    private static func link(_ path: String, line: Int, _ options: ReportOptions) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return (options.linkPrefix ?? "") + encoded + "#L\(line)"
    }

    private static func splitPath(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    private static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: Swift.max(0, width - count)) + self }
}
