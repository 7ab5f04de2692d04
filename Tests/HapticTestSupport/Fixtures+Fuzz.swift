import Foundation

extension Fixtures {
    /// The files in `folder` whose extension is `pathExtension`, sorted by name; empty when the folder is missing.
    public static func files(in folder: URL, withExtension pathExtension: String) throws -> [URL] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == pathExtension }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The bytes of `file`.
    public static func bytes(of file: URL) throws -> [UInt8] { Array(try Data(contentsOf: file)) }
}
