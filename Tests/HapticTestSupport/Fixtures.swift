import Foundation
import Testing

/// Where the tests find their input files.
///
/// Two sets of pattern files: the project's own fixtures (`Tests/Fixtures/ahap`, always there, written for these
/// tests) and Apple's sample corpus (`$OPENCOREHAPTICS_CORPUS`, else `../shared/corpus/ahap` beside the package),
/// which CI has and a fresh clone does not. Tests that only make sense on Apple's files carry ``needsCorpus`` and
/// are skipped with a visible reason without it; tests over "every file" use ``patternFiles()``, which is the own
/// fixtures plus the corpus when it is there.
public enum Fixtures {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Apple's sample AHAP files: `$OPENCOREHAPTICS_CORPUS`, else `../shared/corpus/ahap` beside the package.
    public static let corpusDirectory: URL = {
        if let override = ProcessInfo.processInfo.environment["OPENCOREHAPTICS_CORPUS"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/ahap")
    }()

    /// Whether Apple's sample corpus is present (at least one `.ahap` file under ``corpusDirectory``).
    public static let hasCorpus: Bool = !ahapFiles(under: corpusDirectory).isEmpty

    /// Why corpus tests are skipped, shown in the test report.
    public static var corpusSkipReason: String {
        "Apple's sample corpus is not at \(corpusDirectory.path) (set OPENCOREHAPTICS_CORPUS); own fixtures cover this"
    }

    /// Every `.ahap` file under ``corpusDirectory``, sorted by path. Fails loudly (empty list is an error) so a
    /// missing corpus cannot make tests pass vacuously; guard such tests with ``needsCorpus``.
    public static func corpusFiles() throws -> [URL] {
        let files = ahapFiles(under: corpusDirectory)
        guard !files.isEmpty else { throw FixtureError("no .ahap files under \(corpusDirectory.path); set OPENCOREHAPTICS_CORPUS") }
        return files
    }

    /// One file of Apple's corpus by its file name (`"Boing.ahap"`).
    public static func corpusFile(_ name: String) throws -> URL {
        guard let url = try corpusFiles().first(where: { $0.lastPathComponent == name }) else {
            throw FixtureError("\(name) is not in the corpus at \(corpusDirectory.path)")
        }
        return url
    }

    /// The project's own fixtures folder (`Tests/Fixtures`).
    public static let ownFixtures: URL = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// The project's own pattern fixtures (`Tests/Fixtures/ahap/*.ahap`), sorted by path: every event type, curves,
    /// custom audio beside the file, and a sloppy file with comments and trailing commas.
    public static func ownPatternFiles() -> [URL] {
        ahapFiles(under: ownFixtures.appendingPathComponent("ahap"))
    }

    /// One of the project's own pattern fixtures by file name (`"Spring.ahap"`).
    public static func ownPattern(_ name: String) -> URL {
        ownFixtures.appendingPathComponent("ahap").appendingPathComponent(name)
    }

    /// The pattern files tests run over: the project's own, plus Apple's corpus when it is present.
    public static func patternFiles() -> [URL] {
        ownPatternFiles() + (hasCorpus ? ahapFiles(under: corpusDirectory) : [])
    }

    /// A fresh temporary directory. It is removed when the test process exits (and may be removed earlier with
    /// `FileManager.removeItem`), so tests leave nothing behind in the temporary folder.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("och-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        TemporaryDirectories.register(url)
        return url
    }

    private static func ahapFiles(under folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "ahap" }.sorted { $0.path < $1.path }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when Apple's sample corpus is present; otherwise it is reported as skipped, with
    /// ``Fixtures/corpusSkipReason`` as the reason.
    public static var needsCorpus: Self {
        .enabled(if: Fixtures.hasCorpus, Comment(rawValue: Fixtures.corpusSkipReason))
    }
}

/// A fixture could not be found.
public struct FixtureError: Error, CustomStringConvertible {
    /// What is missing.
    public var description: String
    /// Creates the error.
    public init(_ description: String) { self.description = description }
}
