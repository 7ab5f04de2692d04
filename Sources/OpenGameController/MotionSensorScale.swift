import HapticDevices

/// How a pad's motion-sensor node turns its axes into Apple's units and axes: checked once from the node's ranges,
/// then applied to every report.
///
/// The kernel reports acceleration as `ABS_X`, `ABS_Y`, `ABS_Z` in units per g and angular velocity as `ABS_RX`,
/// `ABS_RY`, `ABS_RZ` in units per degree per second, each axis's `resolution` saying how many (include/uapi/linux/
/// input.h, `struct input_absinfo`, for nodes with `INPUT_PROP_ACCELEROMETER`). hid-playstation passes the pad's
/// axes in its report's order (x right, y up out of the face, z towards the player: the frame SDL_sensor.h gives game
/// controllers) and, as any accelerometer, reports the force that holds the pad up (+1 g along y when it lies flat).
///
/// Apple's axes are those SDL's Apple back-end undoes (SDL_mfijoystick.m, reading `GCMotion` of a DualSense or
/// DualShock 4): its rotation rate is (x, −z, y) of the pad's and its acceleration the pad's negated, in g, so that
/// gravity points the way it pulls, as Apple's `GCAcceleration` says (a pad lying flat: (0, −1, 0)).
internal struct MotionSensorScale: Sendable {
    /// Units per g of `ABS_X`, `ABS_Y`, `ABS_Z`.
    var unitsPerG: (x: Double, y: Double, z: Double)
    /// Units per degree per second of `ABS_RX`, `ABS_RY`, `ABS_RZ`; `nil` when the node has no gyroscope.
    var unitsPerDegreePerSecond: (x: Double, y: Double, z: Double)?

    /// The most units per g or per degree per second believed: drivers give thousands (hid-playstation 8192 per g,
    /// 1024 per °/s); a million is a broken descriptor, whose values would all read as nothing.
    static let maximumResolution: Int32 = 1_000_000

    /// Why a node's ranges cannot be used.
    struct Problem: Error, Hashable {
        var text: String
    }

    /// The scale of a node whose axes have `ranges`.
    ///
    /// - Throws: ``Problem`` when an accelerometer axis is missing, or any of the six axes has a resolution of 0, a
    ///   negative one or one over ``maximumResolution``, or an empty range (the node is then ignored).
    init(ranges: [UInt16: PadAxisRange]) throws(Problem) {
        let names: [UInt16: String] = [0: "ABS_X", 1: "ABS_Y", 2: "ABS_Z", 3: "ABS_RX", 4: "ABS_RY", 5: "ABS_RZ"]
        func resolution(_ code: UInt16, unit: String) throws(Problem) -> Double? {
            guard let range = ranges[code] else { return nil }
            guard range.resolution > 0, range.resolution <= Self.maximumResolution else {
                throw Problem(
                    text: "\(names[code]!) has resolution \(range.resolution) (units per \(unit)); 1 … \(Self.maximumResolution) is needed")
            }
            guard range.minimum < range.maximum else {
                throw Problem(text: "\(names[code]!) has an empty range \(range.minimum) … \(range.maximum)")
            }
            return Double(range.resolution)
        }
        guard let x = try resolution(0, unit: "g"), let y = try resolution(1, unit: "g"), let z = try resolution(2, unit: "g") else {
            throw Problem(text: "no accelerometer axes (ABS_X, ABS_Y, ABS_Z)")
        }
        unitsPerG = (x, y, z)
        let rx = try resolution(3, unit: "°/s")
        let ry = try resolution(4, unit: "°/s")
        let rz = try resolution(5, unit: "°/s")
        if let rx, let ry, let rz { unitsPerDegreePerSecond = (rx, ry, rz) } else { unitsPerDegreePerSecond = nil }
    }

    /// The acceleration of raw `ABS_X`, `ABS_Y`, `ABS_Z` values, in Apple's axes and g.
    func acceleration(_ raw: (x: Int32, y: Int32, z: Int32)) -> GCAcceleration {
        GCAcceleration(x: -Double(raw.x) / unitsPerG.x, y: -Double(raw.y) / unitsPerG.y, z: -Double(raw.z) / unitsPerG.z)
    }

    /// The rotation rate of raw `ABS_RX`, `ABS_RY`, `ABS_RZ` values, in Apple's axes and radians per second.
    func rotationRate(_ raw: (x: Int32, y: Int32, z: Int32)) -> GCRotationRate {
        guard let units = unitsPerDegreePerSecond else { return GCRotationRate() }
        let radians = Double.pi / 180
        let x = Double(raw.x) / units.x * radians
        let y = Double(raw.y) / units.y * radians
        let z = Double(raw.z) / units.z * radians
        return GCRotationRate(x: x, y: -z, z: y)
    }
}
