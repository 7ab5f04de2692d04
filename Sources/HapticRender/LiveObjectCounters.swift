import Synchronization

/// *For tests and the soak tool:* how many compiled programs and curves exist right now, counted by their
/// initializers and deinitializers. A steady count under a steady load shows the engine releases what it retains.
///
/// Real-time safety: the counters are only touched when a program or curve is made or destroyed (control threads).
package enum LiveObjectCounters {
    private static let patternPrograms = Atomic<Int>(0)
    private static let curvePrograms = Atomic<Int>(0)

    /// ``PatternProgram`` objects alive now.
    package static var livePatternPrograms: Int { patternPrograms.load(ordering: .relaxed) }
    /// ``CurveProgram`` objects alive now.
    package static var liveCurvePrograms: Int { curvePrograms.load(ordering: .relaxed) }

    static func patternProgramMade() { patternPrograms.add(1, ordering: .relaxed) }
    static func patternProgramDestroyed() { patternPrograms.subtract(1, ordering: .relaxed) }
    static func curveProgramMade() { curvePrograms.add(1, ordering: .relaxed) }
    static func curveProgramDestroyed() { curvePrograms.subtract(1, ordering: .relaxed) }
}
