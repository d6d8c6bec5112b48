// swift-tools-version:6.0
// An example package using ipraster's snapshot library from its tests (README "Snapshot tests in your
// package"). Here it depends on the checkout it lies in; in your own package, depend on a version:
//     .package(url: "https://your.git.host/ipraster.git", from: "0.5.0")
// (RichMessageSnapshotTests builds this package that way against a tagged copy of the checkout.)
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
