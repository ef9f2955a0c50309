import CPDIRules

/// JUnit XML for CI test dashboards: one `<testsuite>` per rule of the catalogue, so a rule without
/// findings shows as a passing test rather than vanishing; one failing `<testcase>` per finding.
/// Input problems get a suite of their own (`cpdi.input`, as `<error>`s) only when there are any.
public enum JUnitFormat {
    public static func render(_ result: AnalysisResult, options: ReportOptions = ReportOptions()) -> String {
        let byRule = Dictionary(grouping: result.findings, by: \.ruleID)
        // Rules a saved result knows but this build does not still get their suite, after the catalogue's.
        let ruleIDs = RuleCatalogue.all.map(\.id) + byRule.keys.filter { RuleCatalogue.rule(id: $0) == nil }.sorted()
        var suites = ruleIDs.map { ruleSuite($0, findings: (byRule[$0] ?? []).sorted(), options: options) }
        if !result.problems.isEmpty { suites.append(problemSuite(result.problems.sorted(), options: options)) }

        let tests = suites.map(\.tests).reduce(0, +)
        let failures = suites.map(\.failures).reduce(0, +)
        let errors = suites.map(\.errors).reduce(0, +)
        return XMLEscaping.declaration
            + "<testsuites name=\"cpdi\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
            + suites.map(\.xml).joined()
            + "</testsuites>\n"
    }

    private struct Suite {
        var tests = 0, failures = 0, errors = 0
        var xml = ""
    }

    private static func ruleSuite(_ ruleID: String, findings: [Finding], options: ReportOptions) -> Suite {
        let suiteName = "cpdi.\(ruleID)"
        guard !findings.isEmpty else {
            return suite(suiteName, cases: [testcase(name: "no findings", classname: suiteName, body: nil)], failures: 0, errors: 0, options: options)
        }
        let cases = findings.map { finding in
            let place = "\(finding.file):\(finding.line):\(finding.column)"
            let details = "\(place): \(finding.severity.rawValue): \(finding.message)" + (finding.suggestion.map { "\nsuggestion: \($0)" } ?? "")
            let failure = "<failure message=\"\(XMLEscaping.attribute(finding.message))\" type=\"\(XMLEscaping.attribute(ruleID))\">"
                + XMLEscaping.text(details) + "</failure>"
            return testcase(name: "\(finding.component) at \(place)", classname: suiteName, body: failure)
        }
        return suite(suiteName, cases: cases, failures: findings.count, errors: 0, options: options)
    }

    private static func problemSuite(_ problems: [InputProblem], options: ReportOptions) -> Suite {
        let cases = problems.map { problem in
            let place = [problem.file, problem.line.map(String.init), problem.column.map(String.init)].compactMap { $0 }.joined(separator: ":")
            let error = "<error message=\"\(XMLEscaping.attribute(problem.message))\" type=\"\(problem.severity.rawValue)\">"
                + XMLEscaping.text("\(place): \(problem.severity.rawValue): \(problem.message)") + "</error>"
            return testcase(name: place, classname: "cpdi.input", body: error)
        }
        return suite("cpdi.input", cases: cases, failures: 0, errors: problems.count, options: options)
    }

    private static func suite(_ name: String, cases: [String], failures: Int, errors: Int, options: ReportOptions) -> Suite {
        let timestamp = options.timestamp.map { " timestamp=\"\(XMLEscaping.attribute($0))\"" } ?? ""
        let open = "  <testsuite name=\"\(XMLEscaping.attribute(name))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\"\(timestamp)>\n"
        return Suite(tests: cases.count, failures: failures, errors: errors, xml: open + cases.joined() + "  </testsuite>\n")
    }

    private static func testcase(name: String, classname: String, body: String?) -> String {
        let open = "    <testcase name=\"\(XMLEscaping.attribute(name))\" classname=\"\(XMLEscaping.attribute(classname))\""
        guard let body else { return open + "/>\n" }
        return open + ">\n      " + body + "\n    </testcase>\n"
    }
}
