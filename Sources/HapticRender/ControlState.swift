/// The state of one control (dynamic parameter) of a player: a sticky value, a ramp towards a new value, or a
/// curve being followed. Trivially copyable; lives in the mixer's preallocated control table.
struct ControlState {
    /// The value at the player's current frame.
    var value: Float
    /// Change per frame while ramping.
    var slope: Float = 0
    /// Frames left in the current ramp (0 = not ramping).
    var rampRemaining: Int = 0
    /// The curve being followed, if any (points relative to the curve start, sorted).
    var curvePoints: UnsafePointer<CurvePoint>? = nil
    var curveCount: Int = 0
    /// Pattern seconds since the curve started.
    var curveElapsed: Double = 0
    /// The control's value when the curve started.
    var curveStart: Float = 0
    /// A run-time curve's owner, released through a notification when the curve is replaced or the player ends.
    var curveOwner: Unmanaged<CurveProgram>? = nil

    @_noLocks @_noAllocation
    init(value: Float) { self.value = value }

    /// Ramps linearly to `target` over `frames` frames (a step when `frames` is 0); stops following a curve.
    @_noLocks @_noAllocation
    @inline(__always)
    mutating func set(_ target: Float, rampFrames frames: Int) {
        curvePoints = nil
        curveCount = 0
        if frames <= 0 || target == value {
            value = target
            slope = 0
            rampRemaining = 0
        } else {
            slope = (target - value) / Float(frames)
            rampRemaining = frames
        }
    }

    /// Starts following a curve that began `elapsed` pattern seconds ago, when the control was at `start`.
    @_noLocks @_noAllocation
    @inline(__always)
    mutating func follow(_ points: UnsafePointer<CurvePoint>, count: Int, elapsed: Double, from start: Float) {
        curvePoints = points
        curveCount = count
        curveElapsed = elapsed
        curveStart = start
        rampRemaining = 0
        slope = 0
    }

    /// The control's value `delta` pattern seconds from its current frame, assuming nothing else changes it: on the
    /// curve it follows, or, for a ramp or a constant, the value at the current frame (ramps are only milliseconds
    /// long and `delta` is 0 or negative when this is used).
    @_noLocks @_noAllocation
    func value(atElapsedDelta delta: Double, dt: Double) -> Float {
        guard let points = curvePoints, curveCount > 0 else { return value }
        return ControlState.curveValue(points, count: curveCount, start: curveStart, at: curveElapsed + delta)
    }

    /// A curve's value `t` seconds after its start (see ``segment(dt:)`` for the rules).
    @_noLocks @_noAllocation
    static func curveValue(_ points: UnsafePointer<CurvePoint>, count: Int, start: Float, at t: Double) -> Float {
        let first = points[0]
        if t < first.time { return start + Float(Double(first.value - start) * (Swift.max(t, 0) / first.time)) }
        var i = 1
        while i < count && t >= points[i].time { i += 1 }
        if i >= count { return points[count - 1].value }
        let a = points[i - 1]
        let b = points[i]
        let span = b.time - a.time
        return span > 0 ? a.value + Float(Double(b.value - a.value) * ((t - a.time) / span)) : b.value
    }

    /// Resolves the value at the current frame and returns the per-frame slope and how many frames the current
    /// linear piece lasts (`Int.max` when the control is constant).
    ///
    /// - Parameter dt: pattern seconds per frame.
    @_noLocks @_noAllocation
    @inline(__always)
    mutating func segment(dt: Double) -> (value: Float, slope: Float, frames: Int) {
        if let points = curvePoints {
            let halfFrame = 0.5 * dt
            let first = points[0]
            if curveElapsed < first.time - halfFrame {
                // Before the first point: a straight line from the value the control had when the curve started.
                let perSecond = Double(first.value - curveStart) / first.time
                value = curveStart + Float(perSecond * Swift.max(curveElapsed, 0))
                return (value, Float(perSecond * dt), Timing.frames(until: first.time - curveElapsed, dt: dt))
            }
            // Find the segment [i − 1, i] containing curveElapsed (curves are short; a linear scan is fine).
            var i = 1
            while i < curveCount && curveElapsed >= points[i].time - halfFrame { i += 1 }
            if i >= curveCount {
                // Past the last point: hold its value from now on.
                value = points[curveCount - 1].value
                curvePoints = nil
                curveCount = 0
                return (value, 0, Int.max)
            }
            let a = points[i - 1]
            let b = points[i]
            let span = b.time - a.time
            let perSecond = span > 0 ? Double(b.value - a.value) / span : 0
            let t = Swift.max(curveElapsed - a.time, 0)
            value = a.value + Float(perSecond * t)
            return (value, Float(perSecond * dt), Timing.frames(until: b.time - curveElapsed, dt: dt))
        }
        if rampRemaining > 0 { return (value, slope, rampRemaining) }
        return (value, 0, Int.max)
    }

    /// Moves the control `frames` frames forward.
    @_noLocks @_noAllocation
    @inline(__always)
    mutating func advance(frames: Int, dt: Double) {
        if curvePoints != nil {
            curveElapsed += Double(frames) * dt
        } else if rampRemaining > 0 {
            if frames >= rampRemaining {
                value += slope * Float(rampRemaining)
                rampRemaining = 0
                slope = 0
            } else {
                value += slope * Float(frames)
                rampRemaining -= frames
            }
        }
    }
}

/// Converting pattern time to frames.
enum Timing {
    /// Frames from now until `seconds` of pattern time have passed, rounding to the nearest frame (a time exactly
    /// half-way rounds up); 0 when the time is now or past.
    @_noLocks @_noAllocation
    @inline(__always)
    static func frames(until seconds: Double, dt: Double) -> Int {
        let f = seconds / dt - 0.5 - 1e-7
        if !(f > 0) { return 0 }
        if f >= 1e15 { return Int.max / 2 }
        let i = Int(f)
        return Double(i) < f ? i + 1 : i
    }
}
