import CPDIGraph
import CPDIRules

/// `--enable-rule ID` and `--disable-rule ID`: the command line's last word on which rules run, over
/// the configuration file (an opt-in rule for one run, a noisy one off for one run).
public struct RuleSwitches: Sendable, Equatable {
    public var enable: [String]
    public var disable: [String]

    public init(enable: [String] = [], disable: [String] = []) {
        self.enable = enable
        self.disable = disable
    }

    /// The configuration with the switches applied; an unknown id is a usage error naming the closest ones.
    public func applied(to configuration: Configuration) throws(InputError) -> Configuration {
        var configuration = configuration
        let known = Set(RuleCatalogue.all.map(\.id))
        for (ids, enabled, option) in [(enable, true, "--enable-rule"), (disable, false, "--disable-rule")] {
            for id in ids {
                guard known.contains(id) else {
                    let closest = NameSuggestions.closest(to: id, among: known)
                    throw InputError("\(option) \(id): no such rule" + (closest.isEmpty ? "; `cpdi rules` lists them" : "; did you mean \(closest.joined(separator: ", "))?"))
                }
                configuration.rules[id, default: Configuration.RuleSetting()].enabled = enabled
            }
        }
        return configuration
    }
}
