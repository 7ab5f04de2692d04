// libFuzzer harness: untrusted SDL game controller mapping lines (`SDL_GAMECONTROLLERCONFIG`, the lines of
// `SDL_GAMECONTROLLERCONFIG_FILE`) → PadMappingParser and PadMappingDatabase, with invariants: every line is a
// mapping, a problem at its own line and a column inside it, another platform's, turned off by its hint, or blank;
// every number of a binding is in SDL's range; a mapping's GUID reads back from its digits; the database finds a line
// for a pad of that GUID and CRC. Hints are read from the same environment the database gets (the text as
// SDL_GAMECONTROLLERCONFIG), so a line's hint can name that variable.

import HapticDevices

private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FuzzControllerMapping invariant: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControllerMapping(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let environment = [PadMappingDatabase.linesVariable: text]
    for requiresPlatform in [false, true] {
        let result = PadMappingParser.parse(text, source: "FUZZ", requiresPlatform: requiresPlatform, environment: environment)
        let counted = result.mappings.count + result.problems.count + result.otherPlatforms + result.hintDisabled
        require(
            counted <= lines.count,
            "\(lines.count) lines → \(result.mappings.count) + \(result.problems.count) + \(result.otherPlatforms) + \(result.hintDisabled)"
        )
        var previous = 0
        for problem in result.problems {
            require(problem.line > previous && problem.line <= lines.count, "problem at line \(problem.line) of \(lines.count)")
            previous = problem.line
            require(problem.column >= 0 && problem.column <= lines[problem.line - 1].count + 1, "column \(problem.column)")
            require(problem.message.hasSuffix("; line skipped"), "problem without its outcome: \(problem.message)")
            require(problem.description.utf8.count < 1_000, "a problem of \(problem.description.utf8.count) bytes")
        }
        for mapping in result.mappings {
            require(PadMappingGUID(hex: Substring(mapping.guid.description)) == mapping.guid, "GUID \(mapping.guid) does not read back")
            for binding in mapping.bindings {
                switch binding.input {
                case .button(let index): require((0...PadMappingParser.buttonLimit).contains(index), "b\(index)")
                case .axis(let index, _, _): require((0...PadMappingParser.axisLimit).contains(index), "a\(index)")
                case .hat(let index, let mask):
                    require(
                        (0...PadMappingParser.hatLimit).contains(index) && (1...PadMappingParser.hatMaskLimit).contains(mask),
                        "h\(index).\(mask)")
                }
            }
        }
        let database = PadMappingDatabase.load(environment: environment)
        require(database.messages.count <= PadMappingDatabase.listedProblemLimit + 1, "\(database.messages.count) messages")
        if let mapping = result.mappings.last, !requiresPlatform {
            // A pad of the line's GUID whose name has the line's CRC (any name, for a line without one: here 0).
            var bytes = mapping.guid.bytes
            let crc = mapping.crc ?? 0
            bytes[2] = UInt8(truncatingIfNeeded: crc)
            bytes[3] = UInt8(truncatingIfNeeded: crc >> 8)
            let found = database.mapping(for: PadMappingGUID(bytes: bytes))
            require(found != nil, "no mapping found for the GUID \(mapping.guid) and CRC \(crc)")
            require(found?.crc == nil || found?.crc == crc, "a line of CRC \(found?.crc ?? 0) for a pad of CRC \(crc)")
        }
    }
    return 0
}
