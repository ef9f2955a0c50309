import CPDIFacts
import Foundation

extension Pipeline {
    /// Everything besides the files that decides a result: cpdi's build (linking and rules change with every
    /// build, not only with the version), the facts fingerprint (naming conventions, facts format) and every
    /// setting of the configuration, spelled in a fixed order. `AnalysisIdentityTests` fails when
    /// `Configuration` gains a field this does not spell, so a new setting cannot reuse a stale result.
    func analysisIdentity(fingerprint: ContentHash) -> String {
        let settings = configuration
        func patterns(_ globs: [PathGlob]) -> String { globs.map(\.pattern).joined(separator: "\u{1}") }
        let ruleSettings = settings.rules.keys.sorted().map { id in
            let setting = settings.rules[id]!
            return "\(id)=\(setting.enabled.map { "\($0)" } ?? "-")/\(setting.severity?.rawValue ?? "-")"
        }
        return [
            Pipeline.version, ExecutableIdentity.current, "\(fingerprint)",
            rules.map(\.id).joined(separator: ","),
            patterns(settings.include), patterns(settings.exclude), patterns(settings.moduleRoots),
            ruleSettings.joined(separator: ","), settings.optInRules.sorted().joined(separator: ","),
            "\(settings.strict)", "learn-naming=\(settings.learnsNaming)", settings.baseline ?? "-", settings.baseDirectory?.path ?? "-", settings.source ?? "-",
        ].joined(separator: "\u{0}")
    }
}
