// Apple's Unity GameController plug-in (Apple.GameController, apple/unityplugins, Apache-2.0) on Linux: its eight
// native entry points called as its C# calls them (DllImport "GameControllerWrapper", the same parameter and struct
// types), on a simulated pad, with the haptics engine it returns driven through the Core Haptics plug-in's entry
// points (DllImport "CoreHapticsWrapper"). Declarations written for this test from the plug-in's published
// signatures; no code of the plug-in is copied. One line per entry point, then a count; exit status 0 when all pass.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Threading;

namespace OpenCoreHaptics.UnityGameControllerTest
{
    /// A controller as the plug-in receives it (GCControllerHandle's layout).
    [StructLayout(LayoutKind.Sequential)]
    public struct GCControllerHandle
    {
        public string UniqueId;
        public string ProductCategory;
        public string VendorName;
        [MarshalAs(UnmanagedType.I1)] public bool IsAttachedToDevice;
        [MarshalAs(UnmanagedType.I1)] public bool HasHaptics;
        [MarshalAs(UnmanagedType.I1)] public bool HasLight;
        [MarshalAs(UnmanagedType.I1)] public bool HasBattery;
    }

    /// One poll (GCControllerInputState's layout).
    [StructLayout(LayoutKind.Sequential)]
    public struct GCControllerInputState
    {
        public float ButtonHome, ButtonMenu, ButtonOptions, ButtonA, ButtonB, ButtonY, ButtonX;
        public float ShoulderRightFront, ShoulderRightBack, ShoulderLeftFront, ShoulderLeftBack;
        public float DpadHorizontal, DpadVertical;
        public float ThumbstickLeftHorizontal, ThumbstickLeftVertical, ThumbstickLeftButton;
        public float ThumbstickRightHorizontal, ThumbstickRightVertical, ThumbstickRightButton;
        public float TouchpadButton, TouchpadPrimaryHorizontal, TouchpadPrimaryVertical;
        public float TouchpadSecondaryHorizontal, TouchpadSecondaryVertical;
        public float BatteryLevel;
        public int BatteryState;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct GCGetConnectedControllersResponse
    {
        public IntPtr ControllersPtr;
        public int ControllersCount;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct GCGetSymbolForInputNameResponse
    {
        public int Width;
        public int Height;
        public IntPtr DataPtr;
        public int DataLength;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct GCError
    {
        public int Code;
        public string LocalizedDescription;
    }

    public delegate void SuccessCallback();
    public delegate void ErrorCallback(GCError error);
    public delegate void ControllerConnectionStateChangedCallback(GCControllerHandle handle);
    public delegate void ErrorWithPointerCallback(IntPtr pointer, GCError error);

    static class GameController
    {
        const string Dll = "GameControllerWrapper";
        [DllImport(Dll)] public static extern void GameControllerWrapper_StartWirelessDiscovery(SuccessCallback onComplete);
        [DllImport(Dll)] public static extern void GameControllerWrapper_StopWirelessDiscovery();
        [DllImport(Dll)] public static extern void GameControllerWrapper_SetConnectionHandlers(ControllerConnectionStateChangedCallback onConnected, ControllerConnectionStateChangedCallback onDisconnected);
        [DllImport(Dll)] public static extern GCGetConnectedControllersResponse GameControllerWrapper_GetConnectedControllers();
        [DllImport(Dll)] public static extern GCControllerInputState GameControllerWrapper_PollController(string uniqueId);
        [DllImport(Dll)] public static extern void GameControllerWrapper_SetControllerLightColor(string uniqueId, float red, float green, float blue);
        [DllImport(Dll)] public static extern GCGetSymbolForInputNameResponse GameControllerWrapper_GetSymbolForInputName(string uniqueId, int inputName, int symbolScale, int renderingMode);
        [DllImport(Dll)] public static extern IntPtr GameControllerWrapper_CreateHapticsEngine(string uniqueId, ErrorCallback onError);
        // OpenCoreHaptics' own (not Apple's): a simulated pad's scripted input.
        [DllImport(Dll)] [return: MarshalAs(UnmanagedType.I1)] public static extern bool OpenGameController_SetSimulatedInput(string uniqueId, int inputName, float value);
    }

    static class CoreHaptics
    {
        const string Dll = "CoreHapticsWrapper";
        [DllImport(Dll)] public static extern void CoreHaptics_CHHapticEngine_Start(IntPtr engine, ErrorWithPointerCallback onError);
        [DllImport(Dll)] public static extern void CoreHaptics_CHHapticEngine_PlayPatternFromJson(IntPtr engine, string ahap, ErrorWithPointerCallback onError);
        [DllImport(Dll)] public static extern double CoreHaptics_CHHapticEngine_Get_CurrentTime(IntPtr engine);
        [DllImport(Dll)] public static extern void CoreHaptics_CHHapticEngine_Destroy(IntPtr engine);
    }

    public static class Program
    {
        static readonly object gate = new object();
        static readonly List<string> connected = new List<string>();
        static readonly List<string> errors = new List<string>();
        static bool discoveryEnded;
        static readonly SuccessCallback OnDiscoveryEnded = () => { lock (gate) { discoveryEnded = true; Monitor.PulseAll(gate); } };
        static readonly ControllerConnectionStateChangedCallback OnConnected = handle => { lock (gate) { connected.Add(handle.UniqueId); Monitor.PulseAll(gate); } };
        static readonly ControllerConnectionStateChangedCallback OnDisconnected = handle => { };
        static readonly ErrorCallback OnCreateError = error => { lock (gate) { errors.Add(error.Code + " " + error.LocalizedDescription); } };
        static readonly ErrorWithPointerCallback OnError = (pointer, error) => { lock (gate) { errors.Add(error.Code + " " + error.LocalizedDescription); } };

        static int passed, failed;

        static void Report(string entryPoint, bool ok, string detail)
        {
            if (ok) passed++; else failed++;
            Console.WriteLine("gc-unity: {0}: {1} ({2})", entryPoint, ok ? "pass" : "FAIL", detail);
        }

        /// Waits on the gate until `done` holds or 20 s pass (callbacks arrive on the library's thread).
        static bool Await(Func<bool> done)
        {
            var deadline = DateTime.UtcNow.AddSeconds(20);
            lock (gate)
            {
                while (!done())
                {
                    var left = deadline - DateTime.UtcNow;
                    if (left <= TimeSpan.Zero) return false;
                    Monitor.Wait(gate, left);
                }
                return true;
            }
        }

        public static int Main(string[] args)
        {
            string swiftLib = args.Length == 2 && args[0] == "--expect-no-swift-toolchain" ? args[1] : null;
            if (swiftLib != null)
            {
                bool visible = System.IO.File.Exists(System.IO.Path.Combine(swiftLib, "libswiftCore.so"));
                Console.WriteLine("gc-unity: libswiftCore.so in {0}: {1}", swiftLib, visible ? "found" : "cannot be found");
                if (visible) { Console.WriteLine("gc-unity: the toolchain is not hidden"); return 2; }
            }

            GameController.GameControllerWrapper_SetConnectionHandlers(OnConnected, OnDisconnected);
            var response = GameController.GameControllerWrapper_GetConnectedControllers();
            var pads = new List<GCControllerHandle>();
            int size = Marshal.SizeOf(typeof(GCControllerHandle));
            for (int i = 0; i < response.ControllersCount; i++)
                pads.Add((GCControllerHandle)Marshal.PtrToStructure(new IntPtr(response.ControllersPtr.ToInt64() + i * size), typeof(GCControllerHandle)));
            bool listed = pads.Count == 1 && pads[0].ProductCategory == "DualSense" && pads[0].HasHaptics && pads[0].UniqueId.Length == 36;
            Report("GameControllerWrapper_GetConnectedControllers", listed, pads.Count + " controller(s)" + (pads.Count > 0 ? ": " + pads[0].ProductCategory + " \"" + pads[0].VendorName + "\" " + pads[0].UniqueId + ", haptics " + pads[0].HasHaptics + ", light " + pads[0].HasLight + ", battery " + pads[0].HasBattery : ""));
            if (pads.Count == 0) { Console.WriteLine("gc-unity: no controller (HAPTIC_CONTROLLERS=simulated:dualsense?)"); return 1; }
            string id = pads[0].UniqueId;

            bool heard = Await(() => connected.Contains(id));
            Report("GameControllerWrapper_SetConnectionHandlers", heard, heard ? "onConnected received the listed pad" : "no onConnected for the pad in 20 s");

            GameController.GameControllerWrapper_StartWirelessDiscovery(OnDiscoveryEnded);
            GameController.GameControllerWrapper_StopWirelessDiscovery();
            bool ended = Await(() => discoveryEnded);
            Report("GameControllerWrapper_StartWirelessDiscovery", ended, ended ? "onComplete ran" : "no onComplete in 20 s");
            Report("GameControllerWrapper_StopWirelessDiscovery", ended, "ended discovery (no-op on Linux beyond that)");

            // The scripted input: A pressed, the left stick half left, the touchpad's first finger at 0.25.
            bool scripted = GameController.OpenGameController_SetSimulatedInput(id, 3, 1)
                && GameController.OpenGameController_SetSimulatedInput(id, 13, -0.5f)
                && GameController.OpenGameController_SetSimulatedInput(id, 20, 0.25f);
            var state = GameController.GameControllerWrapper_PollController(id);
            bool polled = scripted && state.ButtonA == 1 && state.ButtonB == 0 && state.ThumbstickLeftHorizontal == -0.5f
                && state.TouchpadPrimaryHorizontal == 0.25f && state.BatteryState == -1;
            Report("GameControllerWrapper_PollController", polled, string.Format("A {0}, B {1}, left stick x {2}, touchpad x {3}, battery {4} / state {5}",
                state.ButtonA, state.ButtonB, state.ThumbstickLeftHorizontal, state.TouchpadPrimaryHorizontal, state.BatteryLevel, state.BatteryState));

            var glyph = GameController.GameControllerWrapper_GetSymbolForInputName(id, 3, 2, 0);
            bool png = glyph.Width == 48 && glyph.Height == 48 && glyph.DataLength > 8 && glyph.DataPtr != IntPtr.Zero;
            if (png)
            {
                var bytes = new byte[glyph.DataLength];
                Marshal.Copy(glyph.DataPtr, bytes, 0, glyph.DataLength);
                png = bytes[0] == 0x89 && bytes[1] == (byte)'P' && bytes[2] == (byte)'N' && bytes[3] == (byte)'G';
            }
            Report("GameControllerWrapper_GetSymbolForInputName", png, string.Format("{0}x{1} PNG, {2} bytes", glyph.Width, glyph.Height, glyph.DataLength));

            GameController.GameControllerWrapper_SetControllerLightColor(id, 0.2f, 0.4f, 1.0f);
            Report("GameControllerWrapper_SetControllerLightColor", true, "returned (no light on Linux yet: hasLight false)");

            IntPtr engine = GameController.GameControllerWrapper_CreateHapticsEngine(id, OnCreateError);
            bool played = engine != IntPtr.Zero;
            string detail = "no engine";
            if (played)
            {
                CoreHaptics.CoreHaptics_CHHapticEngine_Start(engine, OnError);
                CoreHaptics.CoreHaptics_CHHapticEngine_PlayPatternFromJson(engine,
                    "{\"Pattern\":[{\"Event\":{\"Time\":0,\"EventType\":\"HapticContinuous\",\"EventDuration\":0.4,\"EventParameters\":[{\"ParameterID\":\"HapticIntensity\",\"ParameterValue\":1},{\"ParameterID\":\"HapticSharpness\",\"ParameterValue\":0.5}]}}]}",
                    OnError);
                double start = CoreHaptics.CoreHaptics_CHHapticEngine_Get_CurrentTime(engine);
                var deadline = DateTime.UtcNow.AddSeconds(20);
                double now = start;
                while (now < start + 0.6 && DateTime.UtcNow < deadline) { Thread.Sleep(20); now = CoreHaptics.CoreHaptics_CHHapticEngine_Get_CurrentTime(engine); }
                CoreHaptics.CoreHaptics_CHHapticEngine_Destroy(engine);
                lock (gate) { played = errors.Count == 0 && now >= start + 0.6; detail = string.Format("engine 0x{0:x}, played 0.4 s through CoreHapticsWrapper, {1} error(s){2}", engine.ToInt64(), errors.Count, errors.Count > 0 ? ": " + errors[0] : ""); }
            }
            Report("GameControllerWrapper_CreateHapticsEngine", played, detail);

            Console.WriteLine("gc-unity: {0} entry points called, {1} passed, {2} failed", passed + failed, passed, failed);
            return failed == 0 ? 0 : 1;
        }
    }
}
