import Foundation

/// Where the tests find their input files.
public enum Fixtures {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Apple's sample AHAP files: `$OPENCOREHAPTICS_CORPUS`, else `../shared/corpus/ahap` beside the package.
    public static let corpusDirectory: URL = {
        if let override = ProcessInfo.processInfo.environment["OPENCOREHAPTICS_CORPUS"] {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/ahap")
    }()

    /// Every `.ahap` file under ``corpusDirectory``, sorted by path. Fails loudly (empty list is an error) so a
    /// missing corpus cannot make tests pass vacuously.
    public static func corpusFiles() throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: corpusDirectory, includingPropertiesForKeys: nil) else {
            throw FixtureError("corpus not found at \(corpusDirectory.path); set OPENCOREHAPTICS_CORPUS")
        }
        let files = enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "ahap" }
            .sorted { $0.path < $1.path }
        guard !files.isEmpty else { throw FixtureError("no .ahap files under \(corpusDirectory.path)") }
        return files
    }

    /// The project's own fixtures folder (`Tests/Fixtures`).
    public static let ownFixtures: URL = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// A fresh temporary directory, removed by the caller.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("och-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A fixture could not be found.
public struct FixtureError: Error, CustomStringConvertible {
    /// What is missing.
    public var description: String
    /// Creates the error.
    public init(_ description: String) { self.description = description }
}
