import Foundation
import HapticPattern

/// Reads the AHAP structure from a property list (XML or binary), as `playPattern(from:)` and `.plist` pattern
/// files hold it.
package enum PropertyListPattern {
    /// Decodes a property list holding the AHAP structure.
    ///
    /// - Throws: ``PatternError`` — `invalidPatternData` for data over ``PatternLimits/maxFileSize`` or nesting
    ///   deeper than ``PatternLimits/maxNestingDepth``, `invalidPatternDictionary` for data that is not a property
    ///   list or not a dictionary, or a binary property list holding sets, UIDs or reserved object types (refused
    ///   before Foundation parses them; see `BinaryPropertyListCheck`), and the reader's errors otherwise.
    package static func read(
        _ data: Data, file: String?, limits: PatternLimits, waveformPaths: AHAPReader.WaveformPathPolicy
    ) throws(PatternError) -> AHAPDocument {
        guard data.count <= limits.maxFileSize else {
            throw PatternError(
                .invalidPatternData,
                "the property list is \(data.count) bytes; the limit is \(limits.maxFileSize) (PatternLimits.maxFileSize)", file: file)
        }
        if let problem = data.withUnsafeBytes({ BinaryPropertyListCheck.problem(in: $0) }) {
            throw PatternError(.invalidPatternDictionary, "not a usable property list: \(problem)", file: file)
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw PatternError(.invalidPatternDictionary, "not a valid property list: \(error.localizedDescription)", file: file)
        }
        let converted: AHAPValue?
        do {
            converted = try AHAPValue.converting(propertyList: object, maxDepth: limits.maxNestingDepth)
        } catch {
            var located = error
            located.file = file
            throw located
        }
        guard let value = converted else {
            throw PatternError(.invalidPatternDictionary, "the property list does not hold a dictionary", file: file)
        }
        return try AHAPReader.read(value: value, file: file, limits: limits, waveformPaths: waveformPaths)
    }
}
