/// What the program prints for every lookup it makes: `resolved` or `UNRESOLVED`, with the file and line
/// of the lookup (or of the injected property), so a test can hold them against cpdi's findings.
func report(_ value: Any?, file: String = #fileID, line: Int = #line) {
    print("\(value == nil ? "UNRESOLVED" : "resolved") \(file):\(line)")
}
