// libFuzzer harness: untrusted `haptic bridge` configuration text (bridge.conf, --rule) → BridgeConfiguration.parse,
// with invariants: a configuration that parses holds values in their ranges and at most 64 statements, and its
// canonical text parses back to the same configuration (and is a fixed point); a refusal names the line and shows no
// raw control character. Nothing is opened.

import HapticLinux

private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FuzzBridgeConfig invariant: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBridgeConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let configuration = try BridgeConfiguration.parse(text, source: "bridge.conf")
        require(configuration.captures.count + configuration.devices.count <= BridgeConfiguration.maxStatements, "too many statements")
        require(BridgeConfiguration.quantumRange.contains(configuration.quantum), "quantum \(configuration.quantum)")
        let shapes = configuration.captures.map(\.settings.shape) + configuration.devices.map(\.shape) + [configuration.sinks.shape]
        for shape in shapes {
            require(LevelShape.gainRange.contains(shape.gain) && LevelShape.curveRange.contains(shape.curve), "shape \(shape)")
            require(LevelShape.floorRange.contains(shape.floor), "floor \(shape.floor)")
            require(shape.apply(0) == 0 && shape.apply(1).isFinite && shape.apply(1) <= 1.000_001, "shape \(shape) maps badly")
        }
        for capture in configuration.captures {
            require((0...1).contains(capture.settings.sensitivity), "sensitivity \(capture.settings.sensitivity)")
            require(!capture.settings.pads.isEmpty && capture.settings.pads.count <= 16, "pads \(capture.settings.pads)")
        }
        let canonical = configuration.text
        let again = try BridgeConfiguration.parse(canonical, source: "canonical")
        require(again == configuration, "the canonical text '\(canonical)' reads back differently")
        require(again.text == canonical, "the canonical text is not a fixed point: '\(canonical)' → '\(again.text)'")
    } catch {
        require(error.location.hasPrefix("bridge.conf") || error.location == "canonical", "location '\(error.location)'")
        require(error.location != "canonical", "the canonical text was refused: \(error)")
        require(error.message.utf8.count < 1_000, "a message of \(error.message.utf8.count) bytes")
        require(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "a raw control character in '\(error)'")
    }
    return 0
}
