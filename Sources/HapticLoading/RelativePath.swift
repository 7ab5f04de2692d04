/// A path inside a folder, as the kernel will read it: bytes split on `/` (0x2F), never on Swift's characters.
///
///     let path = try RelativePath("sounds/tap.wav")       // components ["sounds", "tap.wav"]
///     try RelativePath("../\u{301}x.ahap")                 // refused: ".." is a component, whatever follows the slash
///
/// A Swift `String` splits and compares by grapheme cluster: `"../\u{301}x"` has no `"/"` character (the slash and the
/// combining mark are one cluster) and `"café"` equals `"cafe\u{301}"`, while the kernel sees a `..` component and two
/// different names. So a path is checked here, once, on its UTF-8 bytes: no NUL, not absolute, no `..` component (the
/// studio's folder is the whole world), `.` and empty components dropped, at most ``maxBytes`` bytes and
/// ``maxComponentBytes`` per component. What is left is a list of plain names that ``FolderDescriptor`` opens beneath
/// its folder, one name at a time or through `openat2(RESOLVE_BENEATH)`.
package struct RelativePath: Sendable, Hashable, CustomStringConvertible {
    /// The names, outermost first; none is empty, `.`, `..` or contains `/` or NUL. Empty: the folder itself.
    package let components: [[UInt8]]

    /// The most bytes a path may have.
    package static let maxBytes = 1_024
    /// The most bytes one name may have (`NAME_MAX`).
    package static let maxComponentBytes = 255

    /// Checks `text` (from the page or a pattern) on its bytes.
    ///
    /// - Throws: ``FolderAccessError`` (``FolderAccessError/Kind/invalidPath``) for a NUL, an absolute path, a `..`
    ///   component, or a path or name too long; the message quotes the path.
    package init(_ text: String) throws(FolderAccessError) {
        try self.init(bytes: Array(text.utf8), display: text)
    }

    /// Checks a path given as bytes (`display` names it in messages).
    package init(bytes: [UInt8], display: String) throws(FolderAccessError) {
        guard bytes.count <= Self.maxBytes else {
            throw FolderAccessError(.invalidPath, "'\(display)': the path is too long (over \(Self.maxBytes) bytes)")
        }
        guard !bytes.contains(0) else { throw FolderAccessError(.invalidPath, "'\(display)': the path contains a NUL character") }
        guard bytes.first != Self.slash else {
            throw FolderAccessError(.invalidPath, "'\(display)': absolute paths are refused; paths are relative to the folder")
        }
        var names: [[UInt8]] = []
        for name in bytes.split(separator: Self.slash, omittingEmptySubsequences: true) {
            if name.elementsEqual(Self.dot) { continue }
            if name.elementsEqual(Self.dotDot) {
                throw FolderAccessError(.invalidPath, "'\(display)': '..' is refused; the studio stays inside its folder")
            }
            guard name.count <= Self.maxComponentBytes else {
                throw FolderAccessError(.invalidPath, "'\(display)': a name is longer than \(Self.maxComponentBytes) bytes")
            }
            names.append(Array(name))
        }
        components = names
    }

    private init(components: [[UInt8]]) {
        self.components = components
    }

    /// The folder itself.
    package static let folder = RelativePath(components: [])

    /// The path of an `EventWaveformPath` value `text` of a pattern in this folder: `..` may step back, but never
    /// above this folder (the pattern's folder), decided on bytes.
    ///
    /// - Throws: ``FolderAccessError`` (``FolderAccessError/Kind/invalidPath``) for an empty, absolute or NUL-carrying
    ///   path, one that climbs out of this folder, or one too long.
    package func resolvingWaveform(_ text: String) throws(FolderAccessError) -> RelativePath {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, !bytes.contains(0), bytes.first != Self.slash, bytes.count <= Self.maxBytes else {
            throw FolderAccessError(.invalidPath, "EventWaveformPath \"\(text)\" must be a relative path to a file in the pattern's folder")
        }
        var names = components
        let floor = names.count
        for name in bytes.split(separator: Self.slash, omittingEmptySubsequences: true) {
            if name.elementsEqual(Self.dot) { continue }
            if name.elementsEqual(Self.dotDot) {
                guard names.count > floor else {
                    throw FolderAccessError(.invalidPath, "EventWaveformPath \"\(text)\" leaves the pattern's folder")
                }
                names.removeLast()
                continue
            }
            guard name.count <= Self.maxComponentBytes else {
                throw FolderAccessError(
                    .invalidPath, "EventWaveformPath \"\(text)\": a name is longer than \(Self.maxComponentBytes) bytes")
            }
            names.append(Array(name))
        }
        return RelativePath(components: names)
    }

    /// Whether this is the folder itself.
    package var isFolder: Bool { components.isEmpty }

    /// The folder holding the last name (the folder itself for a name at the top).
    package var parent: RelativePath { RelativePath(components: Array(components.dropLast())) }

    /// The last name (empty for the folder itself).
    package var name: [UInt8] { components.last ?? [] }

    /// This path with `name` (one plain name, as a listing returns it) appended.
    package func appending(name: [UInt8]) -> RelativePath { RelativePath(components: components + [name]) }

    /// The bytes the kernel is given: the names joined by `/`, or `.` for the folder itself.
    package var bytes: [UInt8] {
        guard !components.isEmpty else { return Self.dot }
        return Array(components.joined(separator: [Self.slash]))
    }

    /// This path with the last name's extension (after its last dot, not a leading one) replaced by `ext`, or `ext`
    /// appended when it has none: `sounds/tap.haptic` → `sounds/tap.ahap`.
    package func replacingExtension(with ext: String) -> RelativePath {
        let stem = name.lastIndex(of: Self.dot[0]).flatMap { $0 == name.startIndex ? nil : name[..<$0] } ?? name[...]
        return parent.appending(name: Array(stem) + Self.dot + Array(ext.utf8))
    }

    /// The extension of the last name, lower-cased ASCII (`"json"`), or `""`.
    package var pathExtension: String {
        guard let dot = name.lastIndex(of: Self.dot[0]), dot != name.startIndex else { return "" }
        return String(decoding: name[(dot + 1)...].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// The path for messages and replies (invalid UTF-8 shown with replacement characters).
    package var description: String {
        components.isEmpty ? "" : String(decoding: Array(components.joined(separator: [Self.slash])), as: UTF8.self)
    }

    private static let slash: UInt8 = 0x2F
    private static let dot: [UInt8] = [0x2E]
    private static let dotDot: [UInt8] = [0x2E, 0x2E]
}
