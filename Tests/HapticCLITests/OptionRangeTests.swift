import ArgumentParser
import HapticCommands
import HapticTestSupport
import Testing

/// Every numeric option and `--device`: a value is accepted exactly when it is within the option's range, and a
/// refusal names the option; nothing traps (NaN, infinities, huge, negative, Int.max). Parsing runs each command's
/// validate() and nothing else.
@Suite(.offTheConcurrencyPool) struct OptionRangeTests {
    enum Kind: Sendable { case integer, double, float }

    /// One numeric option: the arguments before it, its name, its kind and its range (`lowerOpen`: the lower bound
    /// itself is refused).
    struct Option: Sendable, CustomStringConvertible {
        var command: [String]
        var name: String
        var kind: Kind
        var range: ClosedRange<Double>
        var lowerOpen = false

        var description: String { "\(command.first ?? "") \(name)" }

        /// Whether `text` is a number of this option's kind within its range.
        func accepts(_ text: String) -> Bool {
            let value: Double?
            switch kind {
            case .integer: value = Int(text).map(Double.init)
            case .double: value = Double(text)
            case .float:
                // The option is a Float: compare as the Float it becomes, against the Float bounds.
                guard let float = Float(text), float.isFinite else { return false }
                return float >= Float(range.lowerBound) && float <= Float(range.upperBound)
            }
            guard let value, value.isFinite, range.contains(value) else { return false }
            return !(lowerOpen && value == range.lowerBound)
        }
    }

    static let options: [Option] = [
        Option(command: ["play", "success"], name: "--rate", kind: .float, range: 0.1...10),
        Option(command: ["play", "success"], name: "--intensity-scale", kind: .double, range: 0...1),
        Option(command: ["library", "play", "success"], name: "--rate", kind: .float, range: 0.1...10),
        Option(command: ["bounce"], name: "--seconds", kind: .double, range: 0...86_400, lowerOpen: true),
        Option(command: ["bounce"], name: "--frames", kind: .integer, range: 1...5_184_000),
        Option(command: ["latency"], name: "--count", kind: .integer, range: 5...1_000),
        Option(command: ["convert", "a.ahap", "-o", "b.json", "--to", "web"], name: "--step", kind: .integer, range: 1...1_000),
        Option(command: ["plot", "a.ahap", "-o", "b.svg"], name: "--width", kind: .integer, range: 320...8_000),
        Option(command: ["plot", "a.ahap", "-o", "b.svg"], name: "--height", kind: .integer, range: 240...8_000),
        Option(command: ["render", "a.ahap", "-o", "b.wav"], name: "--sample-rate", kind: .double, range: 1_000...384_000),
        Option(command: ["render", "a.ahap", "-o", "b.wav"], name: "--duration", kind: .double, range: 0...3_600),
        Option(command: ["from-audio", "a.wav", "-o", "b.ahap"], name: "--sensitivity", kind: .double, range: 0...1),
        Option(command: ["from-audio", "a.wav", "-o", "b.ahap"], name: "--max-rate", kind: .double, range: 1...40),
        Option(command: ["from-audio", "a.wav", "-o", "b.ahap"], name: "--split-bands", kind: .double, range: 40...4_000),
        Option(command: ["lint", "a.ahap"], name: "--long-continuous", kind: .double, range: 0...3_600, lowerOpen: true),
        Option(command: ["studio"], name: "--port", kind: .integer, range: 0...65_535),
    ]

    static let hostile = [
        "nan", "-nan", "inf", "-inf", "infinity", "1e308", "-1e308", "1e-320", "-0", "0", "9223372036854775807",
        "-9223372036854775808", "9223372036854775808", "18446744073709551616", "0x10", "", " 5", "5 ", "1_000", "+3", "1e3",
    ]
    /// The values tried for `option`: the hostile ones, each bound and its neighbours, and pseudo-random numbers of
    /// both signs from a fixed seed (so a failure reproduces). Not swift-property-based: linking it into this target
    /// makes `Date` string-literal-convertible everywhere in it, which changes the meaning of other tests' literals.
    static func values(for option: Option) -> [String] {
        var values = hostile
        for bound in [option.range.lowerBound, option.range.upperBound] {
            values += ["\(bound)", "\(bound.nextDown)", "\(bound.nextUp)", "\(Int(bound))", "\(Int(bound) - 1)", "\(Int(bound) + 1)"]
        }
        var generator = SplitMix64(seed: UInt64(truncatingIfNeeded: option.name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }))
        for _ in 0..<20 {
            let magnitude = Double(generator.next() % 1_000_000) / [1, 10, 1_000][Int(generator.next() % 3)]
            let signed = generator.next() % 4 == 0 ? -magnitude : magnitude
            values.append(generator.next() % 2 == 0 ? "\(signed)" : "\(Int(signed))")
        }
        return values
    }

    /// A small deterministic generator (SplitMix64).
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Parses `arguments` as `haptic` does: `nil` when accepted, else the message a user sees.
    static func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try Haptic.parseAsRoot(arguments)
            return nil
        } catch {
            return Haptic.message(for: error)
        }
    }

    @Test func everyNumericOptionAcceptsExactlyItsRange() {
        for option in Self.options {
            #expect(Self.refusal(option.command) == nil, "\(option): the command without the option is refused")
        }
        for option in Self.options {
            for text in Self.values(for: option) {
                let refusal = Self.refusal(option.command + ["\(option.name)=\(text)"])
                if option.accepts(text) {
                    #expect(refusal == nil, "\(option) \(text): \(refusal ?? "")")
                } else {
                    #expect(refusal?.contains(option.name) == true, "\(option) \(text): \(refusal ?? "accepted")")
                }
            }
        }
    }

    @Test func deviceStringsAreCheckedBeforeAnythingRuns() {
        // Issue 21: these trapped (or allocated gigabytes) once the output opened.
        for command in [["play", "success"], ["bounce"], ["latency"], ["studio"], ["library", "play", "success"]] {
            for (device, words) in [
                ("alsa:null?audio=9223372036854775807", "audio must be 0 … 63"),
                ("alsa:null?channels=4294967296", "channels must be 1 … 64"),
                ("alsa:null?channels=20000000", "channels must be 1 … 64"), ("null:x", "null takes nothing after it"),
            ] {
                let refusal = Self.refusal(command + ["--device", device]) ?? "accepted"
                #expect(
                    refusal.contains("--device: alsa: \(words)") || refusal.contains("--device: \(words)"),
                    "\(command) \(device): \(refusal)")
            }
            #expect(Self.refusal(command + ["--device", "alsa:hw:1?channels=4&haptic=2,3"]) == nil, "\(command)")
        }
    }
}
