import CPDIReporters
import CPDISynthetic
import Foundation
import Testing

/// The first picture of a real-sized app, as a new user sees it: generated apps rendered in headless
/// chromium with a 1600 × 1000 viewport. The drawing must fill at least half of the graph panel in
/// both directions (a drawing larger than the panel only when the page chose to show a readable
/// part of it), and node labels must render at 9 px or more.
extension HTMLFormatTests {
    /// `chromium --dump-dom` lays the page out in a viewport shorter than its window by the height of a
    /// browser frame it emulates (143 px in Debian's chromium 156); measured once, so the page gets the
    /// 1600 × 1000 viewport a screenshot of that window has.
    static let frameHeight: Result<Int, any Error> = Result {
        let chromium = try #require(Chromium.find())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-viewport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("viewport.html")
        try Data("<!DOCTYPE html><body><script>document.body.dataset.height = innerHeight;</script></body>".utf8).write(to: page)
        let dump = try chromium.run(["--dump-dom", "--window-size=1600,1000", page.absoluteString], in: folder)
        let height = try #require(dump.stdout.firstMatch(of: /data-height="(\d+)"/).flatMap { Int($0.1) }, "\(dump.stderr)")
        return 1000 - height
    }

    @Test(.enabled(if: !skipBrowser, "CPDI_SKIP_BROWSER=1: chromium could not be installed, the HTML report was not tried in a browser"),
          arguments: [(70, 4, 3), (70, 3, 25), (500, 12, 3)])
    func generatedAppsReadAtAGlance(components: Int, modules: Int, fanOut: Int) throws {
        let chromium = try #require(Chromium.find(), "chromium is not installed: run `make test`, which installs it with apt")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cpdi-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let result = try GraphFixtures.synthetic(SyntheticApp(components: components, modules: modules, seed: 1, fanOut: fanOut))
        let html = String(decoding: try HTMLFormat.render(result, options: ReportOptions()), as: UTF8.self)
        let end = try #require(html.range(of: "</body>", options: .backwards))
        let page = folder.appendingPathComponent("report.html")
        try Data(html.replacingCharacters(in: end, with: "<script>\(Self.pictureProbe)</script></body>").utf8).write(to: page)

        let window = "--window-size=1600,\(1000 + (try Self.frameHeight.get()))"
        let dump = try chromium.run(["--dump-dom", "--enable-logging=stderr", "--v=0", window, page.absoluteString], in: folder)
        let consoleLines = dump.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }
        #expect(consoleLines.isEmpty, "the page's script reported:\n\(consoleLines.joined(separator: "\n"))")
        let probe = try #require(section(of: dump.stdout, from: "data-picture=\"", to: "\""), "the probe did not run")
        let values = Dictionary(uniqueKeysWithValues: probe.split(separator: ";").map { item in
            let parts = item.split(separator: " ", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        })
        let app = "\(components) components, fan-out \(fanOut): \(probe)"
        #expect(values["viewport"] == "1600x1000", "\(app)")
        let fill = try #require(values["fill"]?.split(separator: " ").compactMap { Double($0) })
        #expect(fill.count == 2 && fill.allSatisfy { $0 >= 0.5 }, "the drawing fills less than half of the panel: \(app)")
        #expect(values["clipped"] == "no" || values["fit"] == "part", "clipped without a deliberate fit: \(app)")
        let label = try #require(values["label"].flatMap { Double($0) })
        #expect(label >= 9, "node labels at \(label) px: \(app)")
        // A module map: clicking a module lists its components, and a component selected from the list
        // is marked by its module.
        if let group = values["group"] { #expect(group == "ok", "\(app)") }
    }

    /// Writes what the first view shows to `data-picture`: the viewport, how much of the panel the visible
    /// drawing covers across and down, whether the drawing is larger than the panel, the page's fit, and
    /// the smallest node label in screen pixels.
    static let pictureProbe = #"""
        (function () {
          var svg = document.getElementById("cpdi-svg"), s = svg.getBoundingClientRect(), g = svg.querySelector("g.graph").getBoundingClientRect();
          var across = (Math.min(g.right, s.right) - Math.max(g.left, s.left)) / s.width;
          var down = (Math.min(g.bottom, s.bottom) - Math.max(g.top, s.top)) / s.height;
          var label = Infinity;
          svg.querySelectorAll("g.node text").forEach(function (t) { label = Math.min(label, parseFloat(t.getAttribute("font-size")) * t.getScreenCTM().a); });
          var out = ["viewport " + innerWidth + "x" + innerHeight, "fill " + across.toFixed(2) + " " + down.toFixed(2),
                     "clipped " + (g.width > s.width + 1 || g.height > s.height + 1 ? "yes" : "no"),
                     "fit " + svg.getAttribute("data-fit"), "label " + label.toFixed(2),
                     "drawing " + Math.round(g.width) + "x" + Math.round(g.height) + " in " + Math.round(s.width) + "x" + Math.round(s.height)];
          var module = Array.prototype.find.call(svg.querySelectorAll("g.node"), function (n) { return /^module:Module/.test(n.querySelector("title").textContent); });
          if (module) {
            var ok = false;
            try {
              var r = module.querySelector("text").getBoundingClientRect(), at = { bubbles: true, button: 0, pointerId: 7, clientX: r.x + 3, clientY: r.y + 3 };
              module.querySelector("text").dispatchEvent(new PointerEvent("pointerdown", at));
              module.querySelector("text").dispatchEvent(new PointerEvent("pointerup", at));
              var body = document.getElementById("cpdi-panel-body"), refs = body.querySelectorAll("ul.links button.ref");
              ok = module.classList.contains("selected") && !body.hidden && refs.length > 10;
              refs[1].click();
              ok = ok && body.querySelector("h2").textContent === refs[1].textContent && module.classList.contains("selected");
            } catch (err) { ok = false; }
            out.push("group " + (ok ? "ok" : "FAIL"));
          }
          document.body.dataset.picture = out.join(";");
        })();
        """#
}
