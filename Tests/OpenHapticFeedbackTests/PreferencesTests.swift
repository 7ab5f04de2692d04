import Foundation
import OpenHapticFeedback
import Testing

@Suite struct PreferencesTests {
    /// Every path, with feedback turned off by the app: nothing reaches the output, not even prepare.
    @Test func appSwitchOffSilencesEveryPath() async {
        let rig = RecordingRig(preferences: FeedbackPreferences(isEnabled: false))
        await playEverything(on: rig)
        #expect(rig.output.plays.isEmpty)
        #expect(rig.output.preparations.isEmpty)
        #expect(rig.center.decisionCounts[.disabled, default: 0] >= 10)
        #expect(rig.center.decisionCounts[.played] == nil)
    }

    @Test func userSwitchOffSilencesEveryPathEvenWhenTheAppSaysOn() async {
        let rig = RecordingRig(user: UserFeedbackSettings.load(environment: ["OPENHAPTICS_FEEDBACK": "off"]))
        await playEverything(on: rig)
        #expect(rig.output.plays.isEmpty)
        #expect(rig.output.preparations.isEmpty)
    }

    @Test func turningOffAtRunTimeTakesEffectAtOnce() {
        let rig = RecordingRig()
        rig.run {
            let generator = UISelectionFeedbackGenerator()
            generator.selectionChanged()
            rig.center.preferences.isEnabled = false
            rig.clock.advance(by: 1)
            generator.selectionChanged()
            rig.center.preferences.isEnabled = true
            rig.clock.advance(by: 1)
            generator.selectionChanged()
        }
        #expect(rig.played == ["selection", "selection"])
    }

    @Test func intensityScalesMultiply() {
        let rig = RecordingRig(
            preferences: FeedbackPreferences(intensityScale: 0.8),
            user: UserFeedbackSettings.load(environment: ["OPENHAPTICS_INTENSITY": "0.5"]))
        rig.run {
            UIImpactFeedbackGenerator(style: .heavy).impactOccurred(intensity: 0.5)
        }
        #expect(abs(rig.output.plays[0].intensity - 0.2) < 1e-9)
        #expect(abs(rig.center.effectivePreferences.intensityScale - 0.4) < 1e-9)
    }

    @Test func zeroIntensityPreferenceIsSilent() {
        let rig = RecordingRig(user: UserFeedbackSettings(intensityScale: 0))
        #expect(rig.center.play(.success) == .silent)
        #expect(rig.output.plays.isEmpty)
    }

    @Test func environmentVariablesParse() {
        let settings = UserFeedbackSettings.load(environment: [
            "OPENHAPTICS_FEEDBACK": "on", "OPENHAPTICS_INTENSITY": "1.7", "OPENHAPTICS_FEEDBACK_RATE": "unlimited",
            "OPENHAPTICS_FEEDBACK_BURST": "3", "OPENHAPTICS_FEEDBACK_COALESCE": "0.1",
        ])
        #expect(
            settings
                == UserFeedbackSettings(
                    isEnabled: true, intensityScale: 1, coalescingInterval: 0.1, maximumRate: .infinity, burstSize: 3))
        #expect(settings.problems.isEmpty)
        let bad = UserFeedbackSettings.load(environment: ["OPENHAPTICS_FEEDBACK": "maybe", "OPENHAPTICS_INTENSITY": "loud"])
        #expect(bad == .none)
        #expect(bad.problems.count == 2)
        for word in ["off", "0", "false", "no", "OFF"] {
            #expect(UserFeedbackSettings.load(environment: ["OPENHAPTICS_FEEDBACK": word]).isEnabled == false)
        }
    }

    @Test func configFileIsReadAndEnvironmentWins() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohf-\(UUID().uuidString)")
        let configFolder = folder.appendingPathComponent("openhaptics")
        try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"enabled": false, "intensity": 0.6, "maximumRate": 4, "burstSize": 2, "coalescingInterval": 0.05, "other": 1}"#
            .write(to: configFolder.appendingPathComponent("feedback.json"), atomically: false, encoding: .utf8)

        let fromFile = UserFeedbackSettings.load(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(
            fromFile
                == UserFeedbackSettings(
                    isEnabled: false, intensityScale: 0.6, coalescingInterval: 0.05, maximumRate: 4, burstSize: 2))

        let overridden = UserFeedbackSettings.load(environment: [
            "XDG_CONFIG_HOME": folder.path, "OPENHAPTICS_FEEDBACK": "on", "OPENHAPTICS_INTENSITY": "0.3",
        ])
        #expect(overridden.isEnabled == true)
        #expect(overridden.intensityScale == 0.3)
        #expect(overridden.maximumRate == 4)

        // OPENHAPTICS_FEEDBACK_CONFIG beats XDG; HOME is the last resort.
        #expect(
            UserFeedbackSettings.configFilePath(environment: ["OPENHAPTICS_FEEDBACK_CONFIG": "/x.json", "XDG_CONFIG_HOME": "/c"])
                == "/x.json")
        #expect(
            UserFeedbackSettings.configFilePath(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]) == "/c/openhaptics/feedback.json")
        #expect(UserFeedbackSettings.configFilePath(environment: ["HOME": "/h"]) == "/h/.config/openhaptics/feedback.json")

        try "{ not json".write(to: configFolder.appendingPathComponent("feedback.json"), atomically: false, encoding: .utf8)
        let broken = UserFeedbackSettings.load(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(broken == .none)
        #expect(broken.problems.count == 1)
    }

    @Test func resolutionRules() {
        let app = FeedbackPreferences(isEnabled: true, intensityScale: 0.5, rateLimit: FeedbackRateLimit(maximumRate: 20))
        let resolved = app.resolved(with: UserFeedbackSettings(intensityScale: 0.5, maximumRate: 5))
        #expect(resolved.isEnabled)
        #expect(resolved.intensityScale == 0.25)
        #expect(resolved.rateLimit.maximumRate == 5)
        #expect(resolved.rateLimit.burstSize == 8)
        #expect(!FeedbackPreferences(isEnabled: false).resolved(with: UserFeedbackSettings(isEnabled: true)).isEnabled)
    }

    @Test func rateLimitCodableRoundTrip() throws {
        let limits = [FeedbackRateLimit.default, .unlimited, FeedbackRateLimit(coalescingInterval: 0.1, maximumRate: 3, burstSize: 2)]
        for limit in limits {
            let data = try JSONEncoder().encode(limit)
            #expect(try JSONDecoder().decode(FeedbackRateLimit.self, from: data) == limit)
        }
        let settings = UserFeedbackSettings(isEnabled: false, maximumRate: .infinity)
        #expect(try JSONDecoder().decode(UserFeedbackSettings.self, from: JSONEncoder().encode(settings)) == settings)
    }

    /// Plays through every public path: generators (and prepare), the watch, the Mac, SensoryFeedback and triggers.
    func playEverything(on rig: RecordingRig) async {
        rig.run {
            let impact = UIImpactFeedbackGenerator(style: .medium)
            impact.prepare()
            impact.impactOccurred()
            impact.impactOccurred(intensity: 1)
            let selection = UISelectionFeedbackGenerator()
            selection.prepare()
            selection.selectionChanged()
            let notification = UINotificationFeedbackGenerator()
            notification.prepare()
            notification.notificationOccurred(.error)
            WKInterfaceDevice.current().play(.notification)
            NSHapticFeedbackManager.defaultPerformer.perform(.generic, performanceTime: .now)
            rig.center.play(.impact(weight: .heavy))
            rig.center.play(named: "success")
            let trigger = SensoryFeedbackTrigger(.selection, trigger: 0)
            trigger.update(1)
        }
        let model = await Counter()
        let observer = await ObservedSensoryFeedback(.increase, trigger: { @MainActor in model.value }, center: rig.center)
        await model.increment()
        try? await Task.sleep(for: .milliseconds(50))
        observer.cancel()
    }
}
