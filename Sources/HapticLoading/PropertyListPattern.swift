import Foundation
import HapticPattern

/// Reads the AHAP structure from a property list (XML or binary), as `playPattern(from:)` and `.plist` pattern
/// files hold it.
package enum PropertyListPattern {
    /// Decodes a property list holding the AHAP structure.
    ///
    /// A binary property list may refer to one object from many places, and a few hundred bytes of such references,
    /// nested, stand for billions of values: they are counted from the object table before Foundation parses the
    /// data (``BinaryPropertyListCheck``), and every value is counted again as it is converted
    /// (``AHAPValue/converting(propertyList:limits:)``), each time it is reached, against ``PatternLimits/maxValues``.
    ///
    /// - Throws: ``PatternError`` — `invalidPatternData` for data over ``PatternLimits/maxFileSize``, nesting
    ///   deeper than ``PatternLimits/maxNestingDepth`` or more values than ``PatternLimits/maxValues`` with shared
    ///   objects counted every time they are referred to (the error's path names where); `invalidPatternDictionary`
    ///   for data that is not a property list or not a dictionary, or a binary property list holding sets, UIDs,
    ///   reserved object types or an object that refers to itself (refused before Foundation parses them); and the
    ///   reader's errors otherwise.
    package static func read(
        _ data: Data, file: String?, limits: PatternLimits, waveformPaths: AHAPReader.WaveformPathPolicy
    ) throws(PatternError) -> AHAPDocument {
        guard data.count <= limits.maxFileSize else {
            throw PatternError(
                .invalidPatternData,
                "the property list is \(data.count) bytes; the limit is \(limits.maxFileSize) (PatternLimits.maxFileSize)", file: file)
        }
        if let problem = data.withUnsafeBytes({ BinaryPropertyListCheck.problem(in: $0, maxValues: limits.maxValues) }) {
            throw PatternError(problem.code, "not a usable property list: \(problem.message)", path: problem.path, file: file)
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw PatternError(.invalidPatternDictionary, "not a valid property list: \(error.localizedDescription)", file: file)
        }
        let converted: AHAPValue?
        do {
            converted = try AHAPValue.converting(propertyList: object, limits: limits)
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
