// What of Apple's Core Haptics surface OpenCoreHaptics does not provide yet.
//
// This file declares nothing; it is the checklist (after OpenCombine's RemainingCombineInterface.swift). Remove a
// line when its symbol lands, and keep the names exactly as Apple spells them (see ../shared/spec/core-haptics.md §1).
//
// Done (pattern API, issue 2 item 5):
//   CHHapticPattern, CHHapticPattern.Key (15 keys), CHHapticEvent (+ EventType, ParameterID, 4 initializers),
//   CHHapticEventParameter, CHHapticDynamicParameter (+ ID, 12 IDs), CHHapticParameterCurve (+ ControlPoint),
//   CHHapticError (+ Code, 24 codes), CoreHapticsErrorDomain, CHHapticTimeImmediate, CHHapticAudioResourceID,
//   CHHapticAudioResourceKey, CHHapticAudioResourceKeyUseVolumeEnvelope, CHHapticAudioResourceKeyLoopEnabled.
//
// Not yet (the engine issue; built in parallel by another session):
//   class CHHapticEngine
//     class func capabilitiesForHardware() -> any CHHapticDeviceCapability
//     init() throws
//     init(audioSession: AVAudioSession?) throws            // AVAudioSession does not exist on Linux
//     var currentTime: TimeInterval { get }
//     var stoppedHandler: CHHapticEngine.StoppedHandler { get set }
//     var resetHandler: CHHapticEngine.ResetHandler { get set }
//     var playsHapticsOnly: Bool { get set }
//     var playsAudioOnly: Bool { get set }
//     var isMutedForAudio: Bool { get set }
//     var isMutedForHaptics: Bool { get set }
//     var isAutoShutdownEnabled: Bool { get set }
//     func start(completionHandler: CHHapticEngine.CompletionHandler? = nil)
//     func start() throws
//     func stop(completionHandler: CHHapticEngine.CompletionHandler? = nil)
//     func notifyWhenPlayersFinished(finishedHandler: @escaping CHHapticEngine.FinishedHandler)
//     func makePlayer(with pattern: CHHapticPattern) throws -> any CHHapticPatternPlayer
//     func makeAdvancedPlayer(with pattern: CHHapticPattern) throws -> any CHHapticAdvancedPatternPlayer
//     func registerAudioResource(_ resourceURL: URL, options: [AnyHashable: Any] = [:]) throws -> CHHapticAudioResourceID
//     func unregisterAudioResource(_ resourceID: CHHapticAudioResourceID) throws
//     func playPattern(from fileURL: URL) throws
//     func playPattern(from data: Data) throws
//   enum CHHapticEngine.StoppedReason: Int       (audioSessionInterrupt 1 … gameControllerDisconnect 6, systemError -1)
//   enum CHHapticEngine.FinishedAction: Int      (stopEngine 1, leaveEngineRunning 2)
//   typealias CHHapticEngine.CompletionHandler, .FinishedHandler, .StoppedHandler, .ResetHandler
//   protocol CHHapticDeviceCapability            (supportsHaptics, supportsAudio, attributes(forEventParameter:eventType:),
//                                                 attributes(forDynamicParameter:))
//   protocol CHHapticParameterAttributes         (minValue, maxValue, defaultValue)
//   protocol CHHapticPatternPlayer               (start/stop(atTime:), sendParameters(_:atTime:),
//                                                 scheduleParameterCurve(_:atTime:), cancel(), isMuted)
//   protocol CHHapticAdvancedPatternPlayer       (pause/resume(atTime:), seek(toOffset:), loopEnabled, loopEnd,
//                                                 playbackRate, isMuted, completionHandler)
//   typealias CHHapticAdvancedPatternPlayerCompletionHandler
//
// What the engine gets from the pattern layer (package access):
//   CHHapticPattern.pattern: HapticPattern.Pattern              the validated value to compile
//   CHHapticPattern.waveformFolder: URL?                        where relative EventWaveformPath values resolve
//   CHHapticPattern.waveformURL(for:) throws(PatternError) -> URL
//   CHHapticPattern(playableFileAt:) / CHHapticPattern(data:)   for playPattern(from:) (.plist and data fallbacks)
//   CHHapticError(_: PatternError), CHHapticError(_:message:)   error conversion
//   CHHapticDynamicParameter.model(path:), CHHapticParameterCurve.model(path:) for sendParameters / scheduleParameterCurve
//   PatternValidator.playabilityErrors(in:)                     checks Core Haptics makes at player creation
//
// Not planned: the Objective-C runtime surface (NSObject subclassing, NSCopying, KVO) and the importer artefact
// CHHapticEngine.init(andReturnError:).
