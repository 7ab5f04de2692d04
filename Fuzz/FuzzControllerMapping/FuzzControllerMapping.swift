// libFuzzer harness: untrusted SDL game controller mapping lines (`SDL_GAMECONTROLLERCONFIG`, the lines of
// `SDL_GAMECONTROLLERCONFIG_FILE`) → PadMappingParser and PadMappingDatabase, with invariants: every line is a
// mapping, a problem at its own line and a column inside it, another platform's, or blank; every number of a binding
// is in SDL's range; a mapping's GUID reads back from its digits; the database finds a line for a pad of that GUID.

import HapticDevices

private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FuzzControllerMapping invariant: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControllerMapping(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    for requiresPlatform in [false, true] {
        let result = PadMappingParser.parse(text, source: "FUZZ", requiresPlatform: requiresPlatform)
        require(
            result.mappings.count + result.problems.count + result.otherPlatforms <= lines.count,
            "\(lines.count) lines → \(result.mappings.count) + \(result.problems.count) + \(result.otherPlatforms)")
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
        let database = PadMappingDatabase.load(environment: [PadMappingDatabase.linesVariable: text])
        require(database.messages.count <= PadMappingDatabase.listedProblemLimit + 1, "\(database.messages.count) messages")
        if let mapping = result.mappings.last, !requiresPlatform {
            let bytes = mapping.guid.bytes
            let pad = ControllerInfo(
                id: "fuzz", name: "", category: .generic, vendorID: UInt16(bytes[4]) | UInt16(bytes[5]) << 8,
                productID: UInt16(bytes[8]) | UInt16(bytes[9]) << 8, busType: UInt16(bytes[0]) | UInt16(bytes[1]) << 8,
                actuators: .oneHandle, hapticDeviceID: "fuzz", version: UInt16(bytes[12]) | UInt16(bytes[13]) << 8)
            let regular = bytes[6] == 0 && bytes[7] == 0 && bytes[10] == 0 && bytes[11] == 0 && bytes[14] == 0 && bytes[15] == 0
            if regular, pad.vendorID != 0 {
                require(database.mapping(for: pad) != nil, "no mapping found for the GUID \(mapping.guid)")
            }
        }
    }
    return 0
}
