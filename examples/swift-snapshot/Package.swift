// swift-tools-version:6.0
// An example package using ipraster's snapshot library from its tests (README "Snapshot tests in your
// package"). In your own package, depend on ipraster by URL or path the same way.
import PackageDescription

let package = Package(
    name: "SnapshotExample",
    dependencies: [.package(name: "ipraster", path: "../..")],
    targets: [
        // The snapshots and fixtures are data the tests read, not sources: excluded, so SwiftPM does not warn about them.
        .testTarget(name: "MessageSnapshotTests", dependencies: [.product(name: "RichMessageSnapshot", package: "ipraster")],
                    exclude: ["__Snapshots__", "Fixtures"]),
    ]
)
