#!/usr/bin/env bash
# Makes a throwaway SwiftPM package in DIR that depends on this cpdi checkout by path, with a little
# CPDI-style code (one unused dependency) in a git repository with two commits, for the plugin checks.
# Its target App adopts the build-tool plugin, so `swift build` prints cpdi's findings.
#   scripts/plugin-user.sh DIR
set -euo pipefail
dir=${1:?usage: scripts/plugin-user.sh DIR}
cpdi=$(cd "$(dirname "$0")/.." && pwd)
# A package added by path is known by its folder's name, whatever the checkout is called.
identity=$(basename "$cpdi" | tr '[:upper:]' '[:lower:]')
rm -rf "$dir"
mkdir -p "$dir/Sources/App"
cat > "$dir/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PluginUser",
    dependencies: [.package(path: "$cpdi")],
    targets: [.target(name: "App", plugins: [.plugin(name: "CPDIBuildPlugin", package: "$identity")])]
)
SWIFT
cat > "$dir/Sources/App/Leaves.swift" <<'SWIFT'
protocol LoggingDependency { var logger: String { get } }
protocol TrackingDependency { var tracker: String { get } }
SWIFT
cat > "$dir/Sources/App/Screen.swift" <<'SWIFT'
typealias ScreenDependencies = LoggingDependency

struct Screen<Dependencies: ScreenDependencies> {
    let dependencies: Dependencies

    func show() { print(dependencies.logger) }
}
SWIFT
git_() { git -C "$dir" -c user.name=cpdi -c user.email=cpdi@example.invalid "$@"; }
git_ init -q -b main
printf '.build/\n' > "$dir/.gitignore"
git_ add -A && git_ commit -q -m base
# The change: Screen's alias gains a leaf nothing reads.
sed -i 's/typealias ScreenDependencies = LoggingDependency/typealias ScreenDependencies = LoggingDependency \& TrackingDependency/' "$dir/Sources/App/Screen.swift"
git_ commit -q -am "Screen needs tracking"
