// libFuzzer harness: untrusted `HAPTIC_CONTROLLERS` values → SimulatedControllerSpec.parse(list:) and controller
// discovery, with invariants: every non-empty item is either a controller or one problem naming its position, at
// most `maxCount` controllers are made, names carry no surrounding blanks, a recording path is 1 … 4096 bytes
// without NUL, and a pad declared with `+motion` has motion axes, each with a resolution. Nothing is opened or recorded.

import HapticDevices
import HapticLinux

private func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("FuzzControllerList invariant: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControllerList(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parsed = SimulatedControllerSpec.parse(list: text)
    let items = text.split(separator: ",", omittingEmptySubsequences: false).filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
    require(parsed.specs.count <= SimulatedControllerSpec.maxCount, "\(parsed.specs.count) controllers")
    if items.count <= SimulatedControllerSpec.maxCount {
        require(
            parsed.specs.count + parsed.problems.count == items.count,
            "\(items.count) items → \(parsed.specs.count) + \(parsed.problems.count)")
    }
    for problem in parsed.problems {
        require(problem.hasPrefix("HAPTIC_CONTROLLERS"), "problem without the variable's name: \(problem)")
        require(problem.utf8.count < 1_000, "a problem of \(problem.utf8.count) bytes")
    }
    for spec in parsed.specs {
        let motion = spec.motionAxisRanges
        require(spec.hasMotion == !motion.isEmpty, "motion \(spec.hasMotion) with \(motion.count) motion axes")
        require(motion.values.allSatisfy { $0.resolution > 0 && $0.minimum < $0.maximum }, "a motion axis without a resolution")
        if let path = spec.recordingPath {
            require(!path.isEmpty && path.utf8.count <= DeviceSpecifier.maxPathBytes && !path.utf8.contains(0), "path '\(path)'")
            require(path.first != " " && path.last != " " && path.last != "\t", "untrimmed path '\(path)'")
        }
    }
    let report = ControllerDiscovery.simulatedControllers(environment: ["HAPTIC_CONTROLLERS": text])
    require(report.controllers.count == parsed.specs.count, "discovery made \(report.controllers.count) of \(parsed.specs.count)")
    require(report.problems == (text.isEmpty ? [] : parsed.problems), "discovery reported other problems")
    for (index, controller) in report.controllers.enumerated() {
        require(controller.id.hasSuffix("#\(index + 1)"), "controller \(index + 1) is \(controller.id)")
        require(controller.hasMotion == parsed.specs[index].hasMotion, "controller \(index + 1) lost its motion")
    }
    return 0
}
