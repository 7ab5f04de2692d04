#if os(Linux)
import Foundation
import Glibc

/// Folders for the confinement tests of `HapticLoadingTests` and `HapticStudioTests`.
public enum ConfinementFixtures {
    /// A fresh `café` (one code point, the studio's folder) beside `cafe\u{301}` (byte-different, equal as Swift
    /// strings) holding `secret.ahap`; in `café`: `into` → `../cafe\u{301}`, `file.ahap` →
    /// `../cafe\u{301}/secret.ahap`, and an empty folder `sub`.
    public static func cafeFolders() throws -> (root: URL, sibling: URL) {
        let parent = try Fixtures.temporaryDirectory()
        let root = URL(fileURLWithPath: parent.path + "/caf\u{E9}")
        let sibling = URL(fileURLWithPath: parent.path + "/cafe\u{301}")
        try FileManager.default.createDirectory(atPath: root.path + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: sibling.path, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: URL(fileURLWithPath: sibling.path + "/secret.ahap"))
        guard symlink("../cafe\u{301}", root.path + "/into") == 0, symlink("../cafe\u{301}/secret.ahap", root.path + "/file.ahap") == 0,
            Array(root.path.utf8) != Array(sibling.path.utf8)
        else { throw CocoaError(.fileWriteUnknown) }
        return (root, sibling)
    }
}
#endif
