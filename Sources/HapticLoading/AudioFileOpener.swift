import HapticPattern

/// Opens an audio file for analysis through the ``InputGate``: WAV with our own decoder, FLAC, Ogg/Vorbis, MP3,
/// AIFF and CAF with libsndfile (``SoundFileLibrary``), anything else refused as not audio, by its first bytes
/// rather than its name.
package enum AudioFileOpener {
    /// Opens `path` as audio of `kind` (its byte and duration caps).
    ///
    /// - Throws: `PatternError` — `fileNotFound` for a missing or non-regular file; `invalidAudioResource` for a
    ///   file that is not audio, is truncated or damaged, has 0 or more than 64 channels, lasts longer than the
    ///   kind's duration cap, or needs libsndfile where it is not installed (the message names the library).
    package static func open(_ path: String, kind: InputKind, displayName: String? = nil) throws(PatternError) -> any AudioFrameSource {
        try open(InputGate.open(path, kind: kind, displayName: displayName), kind: kind)
    }

    /// Opens `file`, already through the ``InputGate`` (by path or beneath a folder), as audio of `kind`.
    ///
    /// - Throws: `PatternError` as ``open(_:kind:displayName:)``.
    package static func open(_ file: GatedFile, kind: InputKind) throws(PatternError) -> any AudioFrameSource {
        let head = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { head.deallocate() }
        let prefix = [UInt8](UnsafeRawBufferPointer(rebasing: head[0..<(try file.readFully(into: head))]))
        let source: any AudioFrameSource
        switch Container(prefix) {
        case .wav:
            source = try WAVFrameSource(file: file, prefix: prefix)
        case .compressed("MP3") where MPEGAudioLibrary.shared != nil:
            // libmpg123 itself, told to be quiet (through libsndfile it prints its own notes on damaged streams).
            source = try MPEGFrameSource(file: file, library: MPEGAudioLibrary.shared!)
        case .compressed(let name):
            let library: SoundFileLibrary
            switch SoundFileLibrary.shared {
            case .success(let loaded): library = loaded
            case .failure(let missing):
                throw PatternError(.invalidAudioResource, "this is \(name) audio. \(missing.description)", file: file.name)
            }
            source = try SoundFileFrameSource(file: file, library: library)
        case .unknown:
            let start = prefix.prefix(8).map { byte in (byte >= 0x20 && byte < 0x7F) ? String(UnicodeScalar(byte)) : "." }.joined()
            throw PatternError(
                .invalidAudioResource,
                prefix.isEmpty
                    ? "the file is empty, not audio"
                    : "not audio that can be analyzed (WAV, FLAC, Ogg/Vorbis, MP3, AIFF or CAF): it starts with \"\(start)\"",
                file: file.name)
        }
        if let limit = kind.durationLimit, let frames = source.declaredFrameCount, Double(frames) / source.sampleRate > limit {
            throw durationError(seconds: Double(frames) / source.sampleRate, kind: kind, file: file.name)
        }
        return source
    }

    /// The error for audio longer than the kind allows.
    package static func durationError(seconds: Double, kind: InputKind, file: String) -> PatternError {
        let limit = kind.durationLimit ?? 0
        return PatternError(
            .invalidAudioResource,
            "the audio lasts \(clock(seconds)) (\(Int(seconds.rounded())) s); the limit is \(Int(limit)) s (\(kind.durationLimitName ?? "the duration cap"))",
            file: file)
    }

    /// `h:mm:ss`.
    private static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3_600, total / 60 % 60, total % 60)
        return "\(h):\(m < 10 ? "0" : "")\(m):\(s < 10 ? "0" : "")\(s)"
    }

    /// What a file's first bytes say it is.
    private enum Container {
        case wav
        case compressed(String)
        case unknown

        init(_ bytes: [UInt8]) {
            func tag(_ at: Int) -> String {
                bytes.count >= at + 4 ? String(decoding: bytes[at..<at + 4], as: UTF8.self) : ""
            }
            switch tag(0) {
            case "RIFF", "RF64": self = tag(8) == "WAVE" ? .wav : .unknown
            case "fLaC": self = .compressed("FLAC")
            case "OggS": self = .compressed("Ogg")
            case "FORM": self = .compressed("AIFF")
            case "caff": self = .compressed("CAF")
            default:
                if bytes.count >= 3 && bytes[0] == 0x49 && bytes[1] == 0x44 && bytes[2] == 0x33 {  // "ID3" tag before MP3 frames
                    self = .compressed("MP3")
                } else if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0 {  // an MPEG audio frame sync
                    self = .compressed("MP3")
                } else {
                    self = .unknown
                }
            }
        }
    }
}
