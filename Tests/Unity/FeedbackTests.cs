// UIKit's feedback generators through the plug-in's entry points.
using System;

namespace OpenCoreHaptics.UnityTests
{
    public static class FeedbackTests
    {
        public static void ImpactGenerators()
        {
            // Styles 0 heavy … 4 soft, and unknown ones (a heavy generator, as Apple's wrapper makes).
            foreach (var style in new[] { 0, 1, 2, 3, 4, 5, -1, int.MaxValue })
            {
                var generator = FeedbackGenerator.CreateImpactGenerator(style);
                Check.That(generator != IntPtr.Zero, "CreateImpactGenerator(" + style + ") returned null");
                FeedbackGenerator.PrepareGenerator(generator);
                foreach (var intensity in new[] { 1f, 0.5f, 0f, -3f, 7f, float.NaN, float.PositiveInfinity })
                    FeedbackGenerator.TriggerImpactGenerator(generator, intensity);
                FeedbackGenerator.DestroyImpactGenerator(generator);
                FeedbackGenerator.TriggerImpactGenerator(generator, 1f); // destroyed: ignored
            }
        }

        public static void SelectionAndNotificationGenerators()
        {
            var selection = FeedbackGenerator.CreateSelectionGenerator();
            var notification = FeedbackGenerator.CreateNotificationGenerator();
            Check.That(selection != IntPtr.Zero && notification != IntPtr.Zero && selection != notification, "generators");
            FeedbackGenerator.PrepareGenerator(selection);
            FeedbackGenerator.TriggerSelectionGenerator(selection);
            FeedbackGenerator.PrepareGenerator(notification);
            foreach (var type in new[] { 0, 1, 2, 3, -1, int.MinValue })
                FeedbackGenerator.TriggerNotificationGenerator(notification, type);
            // A generator is no engine: reported through the call's callback.
            Engine.Stop(selection, Callbacks.OnError);
            Check.OneError("Engine Stop with a generator", CHErrorCode.InvalidEnginePointer, selection);
            // Wrong kinds and nulls are ignored.
            FeedbackGenerator.TriggerSelectionGenerator(notification);
            FeedbackGenerator.TriggerNotificationGenerator(selection, 1);
            FeedbackGenerator.DestroyImpactGenerator(selection);
            FeedbackGenerator.TriggerSelectionGenerator(selection); // still a live selection generator
            FeedbackGenerator.TriggerSelectionGenerator(IntPtr.Zero);
            FeedbackGenerator.PrepareGenerator(IntPtr.Zero);
            FeedbackGenerator.DestroyNotificationGenerator(IntPtr.Zero);
            FeedbackGenerator.DestroySelectionGenerator(selection);
            FeedbackGenerator.DestroyNotificationGenerator(notification);
            FeedbackGenerator.DestroyNotificationGenerator(notification); // twice
        }
    }

    public static class Tests
    {
        /// Every test, in the order they run.
        public static System.Collections.Generic.List<System.Collections.Generic.KeyValuePair<string, Action>> All()
        {
            var all = new System.Collections.Generic.List<System.Collections.Generic.KeyValuePair<string, Action>>();
            Action<string, Action> add = (name, test) => all.Add(new System.Collections.Generic.KeyValuePair<string, Action>(name, test));
            // First the tests that receive callbacks only on the calling thread (errors), then the first callback on
            // one of the library's threads with the check that Mono can still stop that thread, then the rest.
            add("Engine.CreateStartStopDestroy", EngineTests.CreateStartStopDestroy);
            add("Engine.Properties", EngineTests.Properties);
            add("Engine.HardwareSupportsHaptics", EngineTests.HardwareSupportsHaptics);
            add("Engine.CapabilitiesRanges", EngineTests.CapabilitiesRanges);
            add("Errors.NullEngine", ErrorTests.NullEngine);
            add("Errors.DestroyedEngineAndItsPlayers", ErrorTests.DestroyedEngineAndItsPlayers);
            add("Errors.WrongKindOfHandle", ErrorTests.WrongKindOfHandle);
            add("Errors.MalformedPatterns", ErrorTests.MalformedPatterns);
            add("Errors.AbsurdNumbers", ErrorTests.AbsurdNumbers);
            add("AdvancedPlayer.CallbacksArriveOnThreadsMonoCanStop", AdvancedPlayerTests.CallbacksArriveOnThreadsMonoCanStop);
            add("Engine.PlayPatternFromJsonRecordsTheDrive", EngineTests.PlayPatternFromJsonRecordsTheDrive);
            add("Engine.MutedForHapticsRecordsSilence", EngineTests.MutedForHapticsRecordsSilence);
            add("Engine.PlayPatternFromUrl", EngineTests.PlayPatternFromUrl);
            add("Engine.NotifyWhenPlayersFinishedStopsTheEngine", EngineTests.NotifyWhenPlayersFinishedStopsTheEngine);
            add("Player.StartStopDestroy", PlayerTests.StartStopDestroy);
            add("Player.MutedPlayerRecordsSilence", PlayerTests.MutedPlayerRecordsSilence);
            add("Player.SendParametersTurnsTheIntensityDown", PlayerTests.SendParametersTurnsTheIntensityDown);
            add("Player.ParameterCurveFadesOut", PlayerTests.ParameterCurveFadesOut);
            add("AdvancedPlayer.CompletionHandlerIsCalled", AdvancedPlayerTests.CompletionHandlerIsCalled);
            add("AdvancedPlayer.LoopAndLoopEnd", AdvancedPlayerTests.LoopAndLoopEnd);
            add("AdvancedPlayer.PlaybackRate", AdvancedPlayerTests.PlaybackRate);
            add("AdvancedPlayer.LoopEndDefaultIsThePatternLength", AdvancedPlayerTests.LoopEndDefaultIsThePatternLength);
            add("AdvancedPlayer.DestroyedPausedPlayerAnswersNoEarlierRegistration",
                AdvancedPlayerTests.DestroyedPausedPlayerAnswersNoEarlierRegistration);
            add("AdvancedPlayer.LogLinesReachACallback", AdvancedPlayerTests.LogLinesReachACallback);
            add("AdvancedPlayer.PauseResumeSeek", AdvancedPlayerTests.PauseResumeSeek);
            add("AdvancedPlayer.MuteAndSendParameters", AdvancedPlayerTests.MuteAndSendParameters);
            add("AdvancedPlayer.RegisterCompletionHandlerReplacesIt", AdvancedPlayerTests.RegisterCompletionHandlerReplacesIt);
            add("AdvancedPlayer.DestroyedPlayerCallsNoHandler", AdvancedPlayerTests.DestroyedPlayerCallsNoHandler);
            // Last: the generators play on an engine of their own that stays for the process, recording to the
            // HAPTIC_DEVICE path, so the engines made after it would record to name-2.wav.
            add("Feedback.ImpactGenerators", FeedbackTests.ImpactGenerators);
            add("Feedback.SelectionAndNotificationGenerators", FeedbackTests.SelectionAndNotificationGenerators);
            return all;
        }
    }
}
