import HapticPattern

/// The file extensions of sounds: a sound given where a pattern is expected gets a pointer to `from-audio`.
private let soundExtensions: Set<String> = ["wav", "wave", "flac", "ogg", "oga", "mp3", "aif", "aiff"]

/// Prints a pattern file's errors (`file:line:col: error: …`), and when the file is a sound rather than a pattern,
/// a note saying how to make a pattern of it.
func printPatternErrors(_ errors: [PatternError], file path: String) {
    for error in errors { printError(error.description) }
    guard !errors.isEmpty, let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return }
    let fileExtension = path[path.index(after: dot)...].lowercased()
    guard soundExtensions.contains(fileExtension) else { return }
    let stem = path[..<dot]
    printError(
        "\(path): note: this is a sound, not a haptic pattern; `haptic from-audio \(path) -o \(stem).ahap` makes a pattern of it (add --with-audio to play the sound with it)"
    )
}
