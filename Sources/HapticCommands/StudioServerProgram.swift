import Foundation

/// Where `haptic studio` finds the studio server, `haptic-studio`: a program of its own, so that `haptic` (and the
/// first `swift run haptic play`) never builds the web server stack (NIO, Hummingbird).
///
/// In order: `haptic-studio` beside the running `haptic` (both come out of one build folder, or are installed
/// together); else, when `haptic` was built in an OpenCoreHaptics checkout, a build of it there with the same
/// scratch folder and configuration (`swift build --product haptic-studio`), so it lands beside `haptic`; else
/// `haptic-studio` on `PATH`; else a message saying how to get it.
///
///     switch StudioServerProgram.plan(haptic: executable, path: environment["PATH"]) {
///     case .run(let server): …
///     case .build(let build): …
///     case .missing(let message): …
///     }
package enum StudioServerProgram {
    /// The server's executable name (its product in Package.swift).
    package static let name = "haptic-studio"

    /// A build of the server in the checkout `haptic` was built in.
    package struct Build: Equatable, Sendable {
        /// The package folder (where Package.swift is).
        package var package: URL
        /// The build's scratch folder (usually `<package>/.build`).
        package var scratch: URL
        /// `debug` or `release`, when the bin folder says which.
        package var configuration: String?
        /// Where the built server will be: beside `haptic`.
        package var server: URL

        /// `swift`'s arguments for this build.
        package var arguments: [String] {
            ["build", "--product", StudioServerProgram.name, "--scratch-path", scratch.path] + (configuration.map { ["-c", $0] } ?? [])
        }

        /// The build as a user would type it in the package folder.
        package var commandLine: String {
            (["swift"] + arguments).map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
        }
    }

    /// What `haptic studio` does to reach the server.
    package enum Plan: Equatable, Sendable {
        /// Run this executable.
        case run(URL)
        /// Build the server first, then run it.
        case build(Build)
        /// No server and no way to build one: this message says how to get it.
        case missing(String)
    }

    /// Decides how to reach the server for the `haptic` executable at `haptic` (symbolic links resolved) with the
    /// search path `path` (`PATH`).
    package static func plan(haptic: URL, path: String?, fileManager: FileManager = .default) -> Plan {
        let folder = haptic.deletingLastPathComponent()
        let beside = folder.appendingPathComponent(name)
        if fileManager.isExecutableFile(atPath: beside.path) { return .run(beside) }
        if let checkout = checkout(containing: folder) {
            let configuration = ["debug", "release"].contains(folder.lastPathComponent) ? folder.lastPathComponent : nil
            return .build(Build(package: checkout.package, scratch: checkout.scratch, configuration: configuration, server: beside))
        }
        for directory in (path ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if fileManager.isExecutableFile(atPath: candidate.path) { return .run(candidate) }
        }
        return .missing(
            """
            `haptic studio` runs the studio server, \(name), which is neither beside haptic (\(folder.path)) nor on \
            PATH. In an OpenCoreHaptics checkout, `swift run haptic studio` builds it on first use, `swift build \
            --product \(name)` builds it beside haptic, and `swift run \(name) <folder>` runs it directly; an \
            installed haptic needs \(name) from the same build installed beside it.
            """)
    }

    /// The OpenCoreHaptics checkout whose build folder holds `folder`: the nearest ancestor with a Package.swift
    /// that declares the server, and the scratch folder under it that leads to `folder`.
    private static func checkout(containing folder: URL) -> (package: URL, scratch: URL)? {
        var child = folder.standardizedFileURL
        for _ in 0..<6 {
            let parent = child.deletingLastPathComponent()
            guard parent.path != child.path else { return nil }
            let manifest = parent.appendingPathComponent("Package.swift")
            if let text = try? String(contentsOf: manifest, encoding: .utf8), text.contains("name: \"\(name)\"") {
                return child.path == folder.standardizedFileURL.path ? nil : (parent, child)
            }
            child = parent
        }
        return nil
    }
}
