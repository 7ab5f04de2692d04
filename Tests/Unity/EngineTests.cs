// Engine lifecycle, properties, one-shot playing, NotifyWhenPlayersFinished and the capabilities.
using System;
using System.IO;

namespace OpenCoreHaptics.UnityTests
{
    public static class EngineTests
    {
        public static void CreateStartStopDestroy()
        {
            var engine = Session.StartedEngine();
            double start = Engine.Get_CurrentTime(engine);
            Check.That(!double.IsNaN(start) && start >= 0, "CurrentTime after Start: " + start);
            // pacing: poll the engine's clock until it moves (at most 10 s on a loaded machine).
            var deadline = DateTime.UtcNow.AddSeconds(10);
            double now = start;
            while (now < start + 0.05 && DateTime.UtcNow < deadline) { Session.Pace(0.02); now = Engine.Get_CurrentTime(engine); }
            Check.That(now >= start + 0.05, string.Format("CurrentTime did not advance: {0} then {1}", start, now));
            Engine.Stop(engine, Callbacks.OnError);
            Check.NoErrors("Stop");
            Engine.Start(engine, Callbacks.OnError);
            Check.NoErrors("Start after Stop");
            Engine.Destroy(engine);
            Check.Equal(0.0, Engine.Get_CurrentTime(engine), "CurrentTime of a destroyed engine");
        }

        public static void Properties()
        {
            var engine = Session.StartedEngine();
            Check.Equal(false, Engine.Get_IsMutedForHaptics(engine), "IsMutedForHaptics default");
            Check.Equal(false, Engine.Get_IsMutedForAudio(engine), "IsMutedForAudio default");
            Check.Equal(false, Engine.Get_PlaysHapticsOnly(engine), "PlaysHapticsOnly default");
            foreach (var value in new[] { true, false, true })
            {
                Engine.Set_IsAutoShutdownEnabled(engine, value);
                Check.Equal(value, Engine.Get_IsAutoShutdownEnabled(engine), "IsAutoShutdownEnabled");
                Engine.Set_PlaysHapticsOnly(engine, value);
                Check.Equal(value, Engine.Get_PlaysHapticsOnly(engine), "PlaysHapticsOnly");
                Engine.Set_IsMutedForAudio(engine, value);
                Check.Equal(value, Engine.Get_IsMutedForAudio(engine), "IsMutedForAudio");
                Engine.Set_IsMutedForHaptics(engine, value);
                Check.Equal(value, Engine.Get_IsMutedForHaptics(engine), "IsMutedForHaptics");
            }
            Engine.Destroy(engine);
            Check.Equal(false, Engine.Get_IsMutedForHaptics(engine), "IsMutedForHaptics of a destroyed engine");
            Check.NoErrors("properties");
        }

        public static void HardwareSupportsHaptics()
        {
            bool supported = Engine.HardwareSupportsHaptics();
            Console.WriteLine("  HardwareSupportsHaptics: {0}", supported);
            // An output chosen in HAPTIC_DEVICE counts as haptic hardware (capabilitiesForHardware), so that a game
            // that asks first plays in a demo; without one, the answer depends on the machine.
            var device = Environment.GetEnvironmentVariable("HAPTIC_DEVICE") ?? "";
            if (device.StartsWith("wav:", StringComparison.Ordinal) || device.StartsWith("simulated", StringComparison.Ordinal))
                Check.Equal(true, supported, "HardwareSupportsHaptics with HAPTIC_DEVICE=" + device);
            Check.Equal(supported, Engine.HardwareSupportsHaptics(), "HardwareSupportsHaptics asked again");
        }

        public static void PlayPatternFromJsonRecordsTheDrive()
        {
            var engine = Session.StartedEngine();
            Engine.PlayPatternFromJson(engine, Patterns.Continuous(0.4), Callbacks.OnError);
            Check.NoErrors("PlayPatternFromJson");
            Session.WaitUntilFinished(engine, 30);
            Engine.Destroy(engine);
            var recording = Recording.Read();
            Console.WriteLine("  recording: {0:F2} s, drive peak {1:F3}", recording.Seconds, recording.Peak());
            Check.That(recording.Peak() > 0.05, "the recording's drive is silent: peak " + recording.Peak());
        }

        public static void PlayPatternFromUrl()
        {
            var folder = Path.Combine(Path.GetTempPath(), "unity-tests-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(folder);
            try
            {
                var file = Path.Combine(folder, "tap.ahap");
                File.WriteAllText(file, Patterns.Transient);
                var engine = Session.StartedEngine();
                Engine.PlayPatternFromUrl(engine, file, Callbacks.OnError);
                Check.NoErrors("PlayPatternFromUrl");
                var missing = Path.Combine(folder, "missing.ahap");
                Engine.PlayPatternFromUrl(engine, missing, Callbacks.OnError);
                var error = Check.OneError("PlayPatternFromUrl of a missing file");
                Check.Equal(engine, error.Pointer, "the error's pointer");
                Check.That(error.Message.Contains("missing.ahap"), "the message does not name the file: " + error.Message);
                Engine.PlayPatternFromUrl(engine, null, Callbacks.OnError);
                Check.OneError("PlayPatternFromUrl(null)");
                Session.WaitUntilFinished(engine, 30);
                Engine.Destroy(engine);
            }
            finally { Directory.Delete(folder, true); }
        }

        public static void MutedForHapticsRecordsSilence()
        {
            var engine = Session.StartedEngine();
            Engine.Set_IsMutedForHaptics(engine, true);
            Engine.PlayPatternFromJson(engine, Patterns.Continuous(0.4), Callbacks.OnError);
            Check.NoErrors("PlayPatternFromJson");
            Session.WaitUntilFinished(engine, 30);
            Engine.Destroy(engine);
            var recording = Recording.Read();
            Check.That(recording.Peak() < 0.01, "a muted engine's recording is not silent: peak " + recording.Peak());
        }

        public static void NotifyWhenPlayersFinishedStopsTheEngine()
        {
            var engine = Session.StartedEngine();
            var player = Engine.MakePlayer(engine, Patterns.Continuous(0.3), Callbacks.OnError);
            Check.NoErrors("MakePlayer");
            Player.Start(player, 0, Callbacks.OnError);
            Engine.NotifyWhenPlayersFinished(engine, false, Callbacks.OnAllPlayersFinished, Callbacks.OnError);
            Check.NoErrors("Start, NotifyWhenPlayersFinished");
            Check.That(Callbacks.WaitFor(() => Callbacks.AllFinished(engine) == 1, 30), "the finished callback did not come within 30 s");
            // The engine stops (leaveEngineRunning: false): a stopped callback may tell why; if it does, reason 4.
            foreach (var reason in Callbacks.Stops(engine))
                Check.Equal(CHHapticEngineStoppedReason.NotifyWhenFinished, reason, "stopped reason");
            Player.Destroy(player);
            Engine.Destroy(engine);
            Check.Equal(1, Callbacks.AllFinished(engine), "finished callbacks");
        }

        public static void CapabilitiesRanges()
        {
            // HapticIntensity (0) of a HapticContinuous event (1), HapticSharpness (1) of a HapticTransient (0).
            Check.Equal(0f, Capabilities.MinValueForEventParameter(0, 1), "intensity min");
            Check.Equal(1f, Capabilities.MaxValueForEventParameter(0, 1), "intensity max");
            float intensityDefault = Capabilities.DefaultValueForEventParameter(0, 1);
            Check.That(intensityDefault >= 0 && intensityDefault <= 1, "intensity default " + intensityDefault);
            Check.Equal(0f, Capabilities.MinValueForEventParameter(1, 0), "sharpness min");
            Check.Equal(1f, Capabilities.MaxValueForEventParameter(1, 0), "sharpness max");
            // HapticIntensityControl (0): a 0…1 multiplier, 1 by default.
            Check.Equal(0f, Capabilities.MinValueForDynamicParameter(0), "intensity control min");
            Check.Equal(1f, Capabilities.MaxValueForDynamicParameter(0), "intensity control max");
            Check.Equal(1f, Capabilities.DefaultValueForDynamicParameter(0), "intensity control default");
            foreach (var unknown in new[] { -1, 12, 99, int.MaxValue, int.MinValue })
            {
                Check.Equal(0f, Capabilities.MinValueForDynamicParameter(unknown), "dynamic min of unknown " + unknown);
                Check.Equal(0f, Capabilities.MaxValueForDynamicParameter(unknown), "dynamic max of unknown " + unknown);
                Check.Equal(0f, Capabilities.DefaultValueForDynamicParameter(unknown), "dynamic default of unknown " + unknown);
                Check.Equal(0f, Capabilities.MaxValueForEventParameter(unknown, 1), "event max of unknown " + unknown);
                Check.Equal(0f, Capabilities.MaxValueForEventParameter(0, unknown), "event max for unknown type " + unknown);
            }
        }
    }
}
