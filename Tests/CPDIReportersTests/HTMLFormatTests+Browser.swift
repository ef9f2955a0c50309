import CPDIPipeline
import CPDIReporters
import CPDIRules
import Foundation
import Testing

/// The page in a real browser: Debian's headless chromium screenshots it and dumps the DOM after
/// the page's own script ran. `make test` installs chromium; only when it cannot does the Makefile
/// set CPDI_SKIP_BROWSER=1 and say why.
extension HTMLFormatTests {
    static let skipBrowser = ProcessInfo.processInfo.environment["CPDI_SKIP_BROWSER"] == "1"

    @Test(.enabled(if: !skipBrowser, "CPDI_SKIP_BROWSER=1: chromium could not be installed, the HTML report was not tried in a browser"))
    func shopAppRendersAndItsScriptRunsInHeadlessChromium() throws {
        let chromium = try #require(Chromium.find(), "chromium is not installed: run `make test`, which installs it with apt")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let result = try Golden.shopApp()
        let page = folder.appendingPathComponent("report.html")
        try Data(HTMLFormat.render(result, options: ReportOptions())).write(to: page)
        // The hash selects a component with a finding on load, like a click would.
        let selected = "component:CartItemRow"
        let url = page.absoluteString + "#select=" + selected

        let png = folder.appendingPathComponent("report.png")
        let shot = try chromium.run(["--screenshot=\(png.path)", "--window-size=1400,1000", "--hide-scrollbars", url], in: folder)
        #expect(shot.status == 0, "chromium --screenshot failed:\n\(shot.stderr)")
        let image = try [UInt8](Data(contentsOf: png))
        #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "not a PNG")
        #expect(image.count > 40_000, "a \(image.count)-byte screenshot is too small to show the report")
        if image.count >= 24 {
            #expect(bigEndian(image[16..<20]) == 1400 && bigEndian(image[20..<24]) == 1000, "the screenshot is not 1400×1000")
        }
        if ProcessInfo.processInfo.environment["CPDI_RECORD_GOLDEN"] == "1" {
            let committed = Golden.packageRoot.appendingPathComponent("output/ShopApp-report.png")
            try Data(image).write(to: committed)
        }

        let dump = try chromium.run(["--dump-dom", "--enable-logging=stderr", "--v=0", "--window-size=1400,1000", url], in: folder)
        #expect(dump.status == 0, "chromium --dump-dom failed:\n\(dump.stderr)")
        // The page logs nothing itself, so any console line (an uncaught exception, console.error) is a failure.
        let consoleLines = dump.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }
        #expect(consoleLines.isEmpty, "the page's script reported:\n\(consoleLines.joined(separator: "\n"))")
        #expect(dump.stdout.contains("data-ready=\"yes\""), "the page's script did not finish its set-up")

        let panel = try #require(section(of: dump.stdout, from: "id=\"cpdi-panel-body\"", to: "</aside>"))
        #expect(!panel.hasPrefix(" hidden"), "the side panel is still hidden")
        let node = try #require(result.graph.node(id: selected))
        for leaf in try #require(node.leaves) {
            #expect(panel.contains(">\(leaf)</span>"), "the panel does not list the leaf \(leaf)")
        }
        #expect(panel.contains("CartItemRowDependencies"), "the panel has no composition tree")
        let highlighted = try Regex("class=\"node related selected\">\\s*<title>\(selected)</title>")
        #expect(dump.stdout.contains(highlighted), "the node is not highlighted")
        #expect(dump.stdout.contains("class=\"finding selected\""), "the finding row is not highlighted")
    }

    /// Clicks, keys, filters and zoom, driven by synthetic events in the page itself, since headless
    /// chromium's command line cannot click. The harness writes its verdicts to `data-harness`.
    @Test(.enabled(if: !skipBrowser, "CPDI_SKIP_BROWSER=1: chromium could not be installed, the HTML report was not tried in a browser"))
    func interactionsWorkInHeadlessChromium() throws {
        let chromium = try #require(Chromium.find(), "chromium is not installed: run `make test`, which installs it with apt")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let html = String(decoding: try HTMLFormat.render(Golden.shopApp(), options: ReportOptions()), as: UTF8.self)
        let end = try #require(html.range(of: "</body>", options: .backwards))
        let page = folder.appendingPathComponent("report.html")
        try Data(html.replacingCharacters(in: end, with: "<script>\(Self.harness)</script></body>").utf8).write(to: page)

        let dump = try chromium.run(["--dump-dom", "--enable-logging=stderr", "--v=0", "--window-size=1400,1000", page.absoluteString], in: folder)
        let consoleLines = dump.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }
        #expect(consoleLines.isEmpty, "the page's script reported:\n\(consoleLines.joined(separator: "\n"))")
        let verdicts = try #require(section(of: dump.stdout, from: "data-harness=\"", to: "\""), "the harness did not run")
        #expect(verdicts.split(separator: ";").count == 13)
        #expect(!verdicts.contains("FAIL"), "\(verdicts)")
    }

    /// At the two common desktop widths the page must fit the window: no horizontal scrolling, the side
    /// panel beside the graph and inside the window, and on load the whole graph in view or a deliberate
    /// part of it filling the panel, with labels of 9 px or more.
    @Test(.enabled(if: !skipBrowser, "CPDI_SKIP_BROWSER=1: chromium could not be installed, the HTML report was not tried in a browser"),
          arguments: [(1280, 800), (1920, 1080)])
    func pageFitsTheWindow(width: Int, height: Int) throws {
        let chromium = try #require(Chromium.find(), "chromium is not installed: run `make test`, which installs it with apt")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        for (name, result) in [("ShopApp", try Golden.shopApp()), ("long names", Self.longNames())] {
            let html = String(decoding: try HTMLFormat.render(result, options: ReportOptions()), as: UTF8.self)
            let end = try #require(html.range(of: "</body>", options: .backwards))
            let page = folder.appendingPathComponent("report.html")
            try Data(html.replacingCharacters(in: end, with: "<script>\(Self.layoutProbe)</script></body>").utf8).write(to: page)

            let dump = try chromium.run(["--dump-dom", "--window-size=\(width),\(height)", page.absoluteString], in: folder)
            let verdicts = try #require(section(of: dump.stdout, from: "data-layout=\"", to: "\""), "the layout probe did not run")
            #expect(verdicts.split(separator: ";").count == 5)
            #expect(!verdicts.contains("FAIL"), "\(name) at \(width)×\(height): \(verdicts)")
        }
    }

    /// A component, alias, leaf and path far longer than a table cell, with a finding on them.
    static func longNames() -> AnalysisResult {
        let component = "CheckoutPaymentSummaryConfirmationViewControllerForTheNewCheckoutFlow"
        let leaf = "TrackingDependencyWithAVeryLongNameThatGoesOnAndOnWithoutAnyBreakAtAll"
        let source = """
            protocol LoggingDependency { var logger: String { get } }
            protocol \(leaf) { var tracker: String { get } }
            typealias \(component)Dependencies = LoggingDependency & \(leaf)
            struct \(component)<Dependencies: \(component)Dependencies> {
                let dependencies: Dependencies
                func start() { print(dependencies.logger) }
            }
            """
        let path = "Sources/FeatureWithAnExtraordinarilyLongModuleNameForTesting/AnotherDeeplyNestedFolderName/\(component).swift"
        return Pipeline().run(sources: [(path: path, text: source)])
    }

    /// Measures the laid-out page; each verdict says what it measured, so a failure explains itself.
    static let layoutProbe = #"""
        (function () {
          var verdicts = [];
          function check(name, ok, detail) { verdicts.push(name + (ok ? " ok" : " FAIL (" + detail + ")")); }
          var doc = document.documentElement, inner = window.innerWidth;
          check("no horizontal scrolling", doc.scrollWidth <= inner, "page " + doc.scrollWidth + " px wide in a " + inner + " px window");
          var panel = document.querySelector(".panel"), p = panel.getBoundingClientRect();
          var graphBox = document.querySelector(".graph").getBoundingClientRect();
          check("side panel visible", getComputedStyle(panel).display !== "none" && p.width >= 300 && p.right <= inner && p.top < window.innerHeight && Math.abs(p.top - graphBox.top) < 2,
                "panel " + Math.round(p.left) + "–" + Math.round(p.right) + " px, top " + Math.round(p.top) + " (graph top " + Math.round(graphBox.top) + ")");
          var svg = document.getElementById("cpdi-svg"), s = svg.getBoundingClientRect(), g = svg.querySelector("g.graph").getBoundingClientRect();
          var whole = g.left >= s.left - 1 && g.right <= s.right + 1 && g.top >= s.top - 1 && g.bottom <= s.bottom + 1;
          var seen = (Math.min(g.right, s.right) - Math.max(g.left, s.left)) / s.width, seenY = (Math.min(g.bottom, s.bottom) - Math.max(g.top, s.top)) / s.height;
          check("graph in view", whole || svg.getAttribute("data-fit") === "part" && seen >= 0.5 && seenY >= 0.5,
                "drawing " + [g.left, g.top, g.right, g.bottom].map(Math.round) + " in " + [s.left, s.top, s.right, s.bottom].map(Math.round) + ", fit " + svg.getAttribute("data-fit"));
          var label = Infinity;
          svg.querySelectorAll("g.node text").forEach(function (t) { label = Math.min(label, parseFloat(t.getAttribute("font-size")) * t.getScreenCTM().a); });
          // A small graph is not blown up beyond 1.5× (15 px labels), so it may leave room around it.
          check("graph fills its box", g.width >= 0.8 * s.width || g.height >= 0.8 * s.height || label >= 14.9,
                "drawing " + Math.round(g.width) + "×" + Math.round(g.height) + " in " + Math.round(s.width) + "×" + Math.round(s.height));
          check("labels readable", label >= 9, "node labels at " + label.toFixed(2) + " px");
          document.body.dataset.layout = verdicts.join(";");
        })();
        """#

    static let harness = #"""
        (function () {
          var verdicts = [], svg = document.getElementById("cpdi-svg"), body = document.getElementById("cpdi-panel-body");
          var initial = svg.getAttribute("viewBox");
          function check(name, ok) { verdicts.push(name + (ok ? " ok" : " FAIL")); }
          function visibleRows() { return document.querySelectorAll("#cpdi-findings tr[data-i]:not([hidden])").length; }
          function node(id) { return Array.prototype.find.call(svg.querySelectorAll("g.node"), function (g) { return g.querySelector("title").textContent === id; }); }
          function pointer(type, target, r) { target.dispatchEvent(new PointerEvent(type, { bubbles: true, button: 0, pointerId: 7, clientX: r.x + 3, clientY: r.y + 3 })); }
          try {
            var row = document.querySelector('#cpdi-findings tr[data-i="1"]');
            row.click();
            check("row selects", row.classList.contains("selected") && !body.hidden && node("component:CartSummaryView").classList.contains("selected"));
            document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
            check("escape clears", !row.classList.contains("selected") && body.hidden && !svg.classList.contains("has-selection"));
            var rule = document.getElementById("cpdi-filter-rule");
            rule.value = "stale-forward"; rule.dispatchEvent(new Event("change"));
            check("rule filter", visibleRows() === 1 && document.getElementById("cpdi-count").textContent === "1 of 5");
            rule.value = ""; rule.dispatchEvent(new Event("change"));
            var severity = document.getElementById("cpdi-filter-severity");
            severity.value = "error"; severity.dispatchEvent(new Event("change"));
            check("severity filter", visibleRows() === 0 && !document.getElementById("cpdi-no-match").hidden);
            severity.value = ""; severity.dispatchEvent(new Event("change"));
            var file = document.getElementById("cpdi-filter-file");
            file.value = "features/cart/"; file.dispatchEvent(new Event("input"));
            check("file filter", visibleRows() === 2);
            file.value = ""; file.dispatchEvent(new Event("input"));
            var text = node("component:HomeView").querySelector("text"), r = text.getBoundingClientRect();
            pointer("pointerdown", text, r); pointer("pointerup", text, r);
            check("node click selects", node("component:HomeView").classList.contains("selected") && body.textContent.indexOf("OldBannerDependencies") >= 0);
            pointer("pointerdown", text, r); pointer("pointerup", text, r);
            check("second click clears", !node("component:HomeView").classList.contains("selected") && body.hidden);
            var before = svg.getAttribute("viewBox");
            document.getElementById("cpdi-zoom-in").click();
            check("zoom button", svg.getAttribute("viewBox") !== before);
            var box = svg.getBoundingClientRect(), zoomed = svg.getAttribute("viewBox");
            svg.dispatchEvent(new WheelEvent("wheel", { bubbles: true, cancelable: true, deltaY: 200, clientX: box.x + 100, clientY: box.y + 100 }));
            check("wheel zoom", svg.getAttribute("viewBox") !== zoomed);
            var panned = svg.getAttribute("viewBox");
            pointer("pointerdown", svg, box); pointer("pointermove", svg, { x: box.x + 80, y: box.y + 40 }); pointer("pointerup", svg, box);
            check("drag pans", svg.getAttribute("viewBox") !== panned && !svg.classList.contains("has-selection"));
            document.getElementById("cpdi-zoom-reset").click();
            check("reset", svg.getAttribute("viewBox") === initial);
            var full = document.getElementById("cpdi-svg-full");
            document.querySelector('.views button[data-view="full"]').click();
            check("aliases and leaves on demand", svg.getBoundingClientRect().width === 0 && full.getBoundingClientRect().width > 0
                  && full.querySelectorAll("g.node").length > svg.querySelectorAll("g.node").length);
            document.querySelector('.views button[data-view="components"]').click();
            row.click();
            var more = body.querySelector("button.show-full");
            if (more) more.click();
            check("selection kept in the full view", !!more && full.getBoundingClientRect().width > 0
                  && Array.prototype.some.call(full.querySelectorAll("g.node.selected title"), function (t) { return t.textContent === "component:CartSummaryView"; }));
          } catch (err) { check("harness threw " + err, false); }
          document.body.dataset.harness = verdicts.join(";");
        })();
        """#

    private func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }

    func section(of text: String, from start: String, to end: String) -> Substring? {
        guard let open = text.range(of: start), let close = text[open.upperBound...].range(of: end) else { return nil }
        return text[open.upperBound..<close.lowerBound]
    }
}

struct Chromium {
    let executable: URL

    static func find() -> Chromium? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("chromium")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return Chromium(executable: candidate) }
        }
        return nil
    }

    /// One headless run with its own profile, killed after 60 s. `timeout` signals its whole process
    /// group, so chromium's helper processes go too.
    func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let profile = folder.appendingPathComponent("profile-\(UUID().uuidString)")
        let stdout = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
        let stderr = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["--kill-after=5", "60", executable.path,
                             "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                             "--user-data-dir=\(profile.path)"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        if status == 124 || status == 137 { Issue.record("chromium did not finish within 60 s and was killed") }
        return (status, try String(contentsOf: stdout, encoding: .utf8), try String(contentsOf: stderr, encoding: .utf8))
    }
}
