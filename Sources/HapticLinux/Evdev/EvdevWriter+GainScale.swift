import HapticSystem

#if os(Linux)
import CHapticSupport
import HapticDevices
import Synchronization

// The I/O thread's side of the gain scale: uploads divided by it, an app's scale followed and handed-over ones sent,
// the gain given back when the motor stops (see EvdevFastPath).
extension EvdevWriter {
    /// Notices an app's gain scale since the last upload: what plays is the uploaded magnitudes at the new scale, and
    /// levels rendered before the app's command are held back (``scaleHold``) unless this is the command's block.
    func followScale(now: Double, urgent: Bool) {
        if urgent { holdUntil = -.infinity }
        let scale = fastPath.scale
        guard scale != sentScale else { return }
        sentScale = scale
        sent = Self.scaled(uploaded, by: scale)
        if !urgent { holdUntil = now + Self.scaleHold }
    }

    /// Uploads `levels` to the live slot, divided by the gain scale (given back to the setting first when the
    /// magnitudes would not fit). `false`: an app scaled the gain since ``followScale(now:urgent:)``, nothing sent.
    ///
    /// The corresponding calls are `EVIOCSFF` (same id; a fresh slot once when the kernel lost ours), and
    /// `write(EV_FF, FF_GAIN)` when the gain is given back.
    func send(_ levels: UInt32, now: Double) -> Result<Bool, SystemCallError> {
        fastPath.gate.beginExclusive()
        defer { fastPath.gate.endExclusive() }
        var scale = fastPath.scale
        guard scale == sentScale else { return .success(false) }
        var magnitudes = Self.divided(levels, by: scale)
        if magnitudes == nil {
            if case .failure(let error) = fastPath.setScale(1, descriptor: fd, system: system) { return .failure(error) }
            scale = 1
            sentScale = 1
            magnitudes = levels
        }
        let strong = UInt16(magnitudes! >> 16)
        let weak = UInt16(magnitudes! & 0xFFFF)
        var effect = makeEffect(strong: strong, weak: weak)
        var result = call("EVIOCSFF", { system.uploadEffect(fd, &effect) })
        if case .failure(let error) = result, error.errno == EINVAL || error.errno == EACCES, effectID >= 0 {
            // The kernel lost our effect (a driver reset, or another owner): allocate a fresh slot once.
            effectID = -1
            effect = makeEffect(strong: strong, weak: weak)
            result = call("EVIOCSFF", { system.uploadEffect(fd, &effect) })
        }
        if case .failure(let error) = result { return .failure(error) }
        effectID = effect.id
        uploads.add(1, ordering: .relaxed)
        uploaded = magnitudes!
        sent = levels
        lastUpload = now
        return .success(true)
    }

    /// Gives the gain back to its setting after a stop, if an app had scaled it (the motor is silent, so nothing
    /// jumps).
    ///
    /// The corresponding call is `write(EV_FF, FF_GAIN)`.
    func restoreGain() -> State {
        guard fastPath.scale != 1 else { return .running }
        let result = fastPath.gate.exclusively { fastPath.setScale(1, descriptor: fd, system: system) }
        sentScale = 1
        if case .failure(let error) = result { return refuse(error) }
        return .running
    }

    /// Sends the playing level scaled by the intensity scale an app handed over (``LevelAnticipation``, when it could
    /// not write the gain itself) at once: as a gain write when the node has `FF_GAIN` and the headroom, else as an
    /// upload to the live slot (nothing when the motor is silent or the scaled level rounds to silence: a stop waits
    /// for the rendered level). Levels rendered before the app's command are then held back, as for an app's own gain
    /// write.
    ///
    /// The corresponding call is `write(EV_FF, FF_GAIN)` or `EVIOCSFF` (same id).
    /// I/O thread only (``run()`` calls it when woken).
    package func sendAnticipatedScale(now: Double) -> State {
        guard let factor = anticipation.takeScale(), playing, effectID >= 0 else { return .running }
        followScale(now: now, urgent: false)
        let levels = Self.scaled(sent, by: factor)
        guard levels != 0, levels != sent else { return .running }
        let scale = fastPath.scale * factor
        if capabilities.supportsGain && configuration.gain * scale <= 1 {
            let result = fastPath.gate.exclusively { fastPath.setScale(scale, descriptor: fd, system: system) }
            if case .failure(let error) = result { return refuse(error) }
            sentScale = scale
            sent = Self.scaled(uploaded, by: scale)
        } else {
            switch send(levels, now: now) {
            case .success(true): break
            case .success(false): return .running
            case .failure(let error): return refuse(error)
            }
        }
        anticipatedUploads.add(1, ordering: .relaxed)
        holdUntil = now + Self.scaleHold
        return .running
    }

    /// `packed` levels times `factor`, each clamped to full scale.
    static func scaled(_ packed: UInt32, by factor: Float) -> UInt32 {
        func one(_ level: UInt32) -> UInt32 { UInt32(Swift.min(Float(level) * factor, 65535).rounded()) }
        return one(packed >> 16) << 16 | one(packed & 0xFFFF)
    }

    /// `packed` levels divided by the gain scale, or `nil` when a motor's magnitude would exceed full scale.
    static func divided(_ packed: UInt32, by scale: Float) -> UInt32? {
        if scale == 1 { return packed }
        func one(_ level: UInt32) -> UInt32? {
            if level == 0 { return 0 }
            let magnitude = (Float(level) / scale).rounded()
            return magnitude.isFinite && magnitude <= 65535 ? UInt32(magnitude) : nil
        }
        guard let strong = one(packed >> 16), let weak = one(packed & 0xFFFF) else { return nil }
        return strong << 16 | weak
    }
}
#endif
