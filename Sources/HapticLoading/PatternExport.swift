import Foundation
import HapticInterchange
import HapticPattern

/// The text of an exported pattern in each format `haptic convert` and `haptic studio` write, with the converter's
/// notes: one place, so both front ends write exactly the same files.
///
///     let export = try PatternExport.text(pattern, as: .android, fileExtension: "json")
///     print(export.value)            // {"format": "android-vibration-effect", …}
///     export.notes.forEach { print($0) }
package enum PatternExport {
    /// The formats a pattern can be exported to.
    package enum Format: String, Sendable, CaseIterable {
        /// Canonical AHAP (our writer), checked to read back and validate.
        case ahap
        /// Lofelt / Meta `.haptic` v1.
        case haptic
        /// Android `VibrationEffect`: JSON with the waveform and composition, or Kotlin (`.kt`).
        case android
        /// The Web Vibration API's `navigator.vibrate` array: JSON, or JavaScript (`.js`).
        case web
        /// Gamepad API dual-rumble effects: JSON, or JavaScript (`.js`).
        case gamepad

        /// The file extension written when the caller names none (`ahap`, `haptic`, `json`).
        package var defaultExtension: String {
            switch self {
            case .ahap: return "ahap"
            case .haptic: return "haptic"
            case .android, .web, .gamepad: return "json"
            }
        }
    }

    /// Why an export could not be made.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong, as a predicate of "the pattern" ("cannot be written as AHAP: …").
        package var message: String
        /// Every problem found, for AHAP that would not read back or validate.
        package var problems: [PatternError]

        /// The message.
        package var description: String { message }
    }

    /// The exported text and the notes of every lossy step (lossy first).
    ///
    /// - Parameters:
    ///   - pattern: the pattern.
    ///   - format: the target format.
    ///   - fileExtension: the output's extension (lower case): `kt` picks Kotlin for Android, `js` JavaScript for
    ///     Web and gamepad; anything else JSON.
    ///   - stepMilliseconds: the sampling step of the Android, Web and gamepad converters.
    ///   - sourceName: the input's file name, recorded in a `.haptic` file's metadata when it has no source.
    /// - Throws: ``Failure`` when the AHAP cannot be written or would not read back and validate.
    package static func text(
        _ pattern: Pattern, as format: Format, fileExtension: String, stepMilliseconds: Int = 25, sourceName: String? = nil
    ) throws(Failure) -> Conversion<String> {
        var notes: [ConversionNote] = []
        let text: String
        switch format {
        case .ahap:
            do {
                text = try AHAPWriter.string(from: pattern)
            } catch {
                throw Failure(message: "cannot be written as AHAP: \(error.message)", problems: [error])
            }
            // Never write (or call lossless) AHAP that our own reader and validator would refuse.
            let check = AHAPReader.check(Array(text.utf8))
            let problems =
                check.errors
                + (check.document.map { document in
                    PatternValidator.playabilityErrors(in: document.pattern).map { document.locate($0.1, entry: $0.0) }
                } ?? [])
            if !problems.isEmpty {
                throw Failure(message: "would not validate as AHAP", problems: problems)
            }
        case .haptic:
            // Never write a .haptic file that its reader (or the AHAP reader, for the pattern it stands for) refuses.
            let conversion: Conversion<HapticFile>
            do {
                conversion = try HapticFile.converting(pattern, within: .default)
            } catch {
                throw Failure(message: "cannot be written as .haptic: \(error.path): \(error.message)", problems: [])
            }
            notes += conversion.notes
            var file = conversion.value
            file.metadata.source = file.metadata.source ?? sourceName
            text = file.encoded()
        case .android:
            let conversion = AndroidVibrationEffect.converting(pattern, stepMilliseconds: stepMilliseconds)
            notes += conversion.notes
            if stepMilliseconds < AndroidVibrationEffect.minimumStepMilliseconds {
                notes.insert(
                    ConversionNote(
                        "step-raised", .info,
                        "--step \(stepMilliseconds) raised to Android's \(AndroidVibrationEffect.minimumStepMilliseconds) ms minimum"),
                    at: 0)
            }
            let effect = conversion.value
            if fileExtension == "kt" {
                text = effect.kotlin()
            } else {
                var object: [String: Any] = [
                    "format": "android-vibration-effect",
                    "waveform": ["timings": effect.timings, "amplitudes": effect.amplitudes, "repeat": -1],
                    "kotlin": effect.kotlin(),
                ]
                object["composition"] =
                    effect.composition.map { list in
                        list.map {
                            [
                                "primitive": $0.primitive, "scale": (Double($0.scale) * 1000).rounded() / 1000,
                                "startMilliseconds": $0.startMilliseconds,
                            ] as [String: Any]
                        }
                    } ?? NSNull()
                text = try jsonText(object)
            }
        case .web:
            let conversion = WebVibrationPattern.converting(pattern, stepMilliseconds: stepMilliseconds)
            notes += conversion.notes
            if fileExtension == "js" {
                text = conversion.value.javascript()
            } else {
                text = try jsonText([
                    "format": "navigator-vibrate", "pattern": conversion.value.pattern, "javascript": conversion.value.javascript(),
                ])
            }
        case .gamepad:
            let conversion = GamepadRumbleTrack.converting(pattern, stepMilliseconds: stepMilliseconds)
            notes += conversion.notes
            let track = conversion.value
            if fileExtension == "js" {
                text = track.javascript()
            } else {
                let effects = track.effects.map {
                    [
                        "startTime": $0.startTime, "duration": $0.duration, "startDelay": $0.startDelay,
                        "strongMagnitude": $0.strongMagnitude, "weakMagnitude": $0.weakMagnitude,
                    ] as [String: Any]
                }
                text = try jsonText([
                    "format": "gamepad-dual-rumble", "type": track.type, "effects": effects, "javascript": track.javascript(),
                ])
            }
        }
        return Conversion(value: text, notes: notes)
    }

    /// Pretty, key-sorted JSON with a newline at the end.
    private static func jsonText(_ object: [String: Any]) throws(Failure) -> String {
        do {
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self) + "\n"
        } catch {
            throw Failure(message: "cannot be encoded as JSON: \(error.localizedDescription)", problems: [])
        }
    }
}
