import CPDIFuzzing
import Foundation
import Testing

/// The bounded part of the fuzzing campaign (`make fuzz` runs the long one): mutated sources through
/// the per-file path and, in batches, the whole run with the graph and the reports; mutated
/// configuration, baseline and result files. A crash fails the test run; every input saved by a
/// campaign is replayed.
@Suite struct FuzzTests {
    @Test func aBoundedCampaignRunsThrough() throws {
        var campaign = try FuzzSeeds.campaign(packageRoot: Fixtures.packageRoot)
        campaign.wholeRunEvery = 250
        // A debug build parses about fifty times slower than a release one: the bound here only catches
        // what is pathological, not what is slow.
        campaign.timeBound = 30
        let report = campaign.run(inputs: 2_000, seed: 20_261_124)
        #expect(report.inputs == 2_000)
        #expect(report.wholeRuns == 64)
        #expect(report.otherInputs == 96)
        #expect(report.slowInputs == [])
    }

    @Test(arguments: try FileManager.default.contentsOfDirectory(atPath: Fixtures.packageRoot.appendingPathComponent("Tests/CPDIPipelineTests/FuzzRegressions").path).sorted())
    func savedInputsAreHandled(file: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("Tests/CPDIPipelineTests/FuzzRegressions/\(file)")))
        #expect(FuzzCampaign.probe(bytes) < 30)
        FuzzCampaign(sources: [bytes]).wholeRun([bytes])
    }
}
