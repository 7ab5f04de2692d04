import HapticPattern

/// Audio decoded from a file in pieces, so that a long file never has to fit in memory.
///
///     let source = try AudioFileOpener.open("song.flac", kind: .analysisAudio())
///     let frames = try source.read(into: buffer)   // interleaved, `channelCount` samples a frame
package protocol AudioFrameSource: AnyObject {
    /// Frames per second.
    var sampleRate: Double { get }
    /// Samples per frame (1 … 64).
    var channelCount: Int { get }
    /// The frames the file's header announces, when it says (MP3 gives an estimate).
    var declaredFrameCount: Int? { get }
    /// The container or codec, for messages ("WAV", "FLAC").
    var formatName: String { get }
    /// Decodes the next frames into `buffer` (interleaved, whole frames only).
    ///
    /// - Returns: the number of frames; 0 at the end of the audio.
    /// - Throws: `PatternError` when the file cannot be read or decoded, or runs past the duration cap.
    func read(into buffer: UnsafeMutableBufferPointer<Float>) throws(PatternError) -> Int
}
