// GENERATED from Sources/OpenHapticFeedback/Library/*.ahap by FeedbackLibraryTests (OpenHapticFeedbackTests).
// Do not edit: change the .ahap file, then run
//     OPENHAPTICS_RECORD_LIBRARY=1 swift test --filter FeedbackLibraryTests
// which rewrites this file (and fails once, as recording runs do).

extension FeedbackLibrary {
    /// The library's AHAP files, by name (the file name without `.ahap`).
    static let embeddedAHAP: [String: String] = [
        "alignment": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Alignment: one snappy tap when something lines up."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.6
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.75
                  }
                ]
              }
            }
          ]
        }

        """#,
        "click": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Click (watchOS): one light, very crisp tap."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.55
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.9
                  }
                ]
              }
            }
          ]
        }

        """#,
        "decrease": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Decrease: three quick ticks falling in strength and sharpness, 50 ms apart."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.65
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.5
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.05,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.5
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.4
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.1,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.35
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.3
                  }
                ]
              }
            }
          ]
        }

        """#,
        "error": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Error: three rapid low buzzes of 40 ms with 30 ms gaps."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticContinuous",
                "EventDuration": 0.04,
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.9
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.3
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.07,
                "EventType": "HapticContinuous",
                "EventDuration": 0.04,
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.9
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.3
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.14,
                "EventType": "HapticContinuous",
                "EventDuration": 0.04,
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.9
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.3
                  }
                ]
              }
            }
          ]
        }

        """#,
        "generic": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Generic (macOS NSHapticFeedbackManager): one neutral tap."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.6
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.5
                  }
                ]
              }
            }
          ]
        }

        """#,
        "impact-heavy": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "A heavy impact: one full-strength, slightly sharper tap (UIKit heavy: base volume 0.80, fullness +1 -> 1.00; sharpness 0.57)."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 1.0
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.57
                  }
                ]
              }
            }
          ]
        }

        """#,
        "impact-light": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "A light impact: one soft-bodied tap (UIKit light: base volume 0.70, fullness -1 -> 0.50; sharpness 0.43)."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.5
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.43
                  }
                ]
              }
            }
          ]
        }

        """#,
        "impact-medium": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "A medium impact: one tap (UIKit medium: base volume 0.70, fullness 0 -> 0.70; sharpness 0.43)."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.7
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.43
                  }
                ]
              }
            }
          ]
        }

        """#,
        "impact-rigid": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "A rigid impact: one crisp tap at full sharpness (UIKit rigid: base volume 0.825, fullness -1 -> 0.63; sharpness 1.0)."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.63
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 1.0
                  }
                ]
              }
            }
          ]
        }

        """#,
        "impact-soft": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "A soft impact: one dull tap with no sharpness (UIKit soft: base volume 0.79, fullness 0; sharpness 0.0)."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.79
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.0
                  }
                ]
              }
            }
          ]
        }

        """#,
        "impact-solid": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "A solid impact (SwiftUI flexibility .solid): one tap halfway between soft and rigid."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.7
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.5
                  }
                ]
              }
            }
          ]
        }

        """#,
        "increase": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Increase: three quick ticks rising in strength and sharpness, 50 ms apart."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.35
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.5
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.05,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.5
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.7
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.1,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.65
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.9
                  }
                ]
              }
            }
          ]
        }

        """#,
        "level-change": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Level change (macOS): one firm, deep tap as a pressure level is crossed."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.8
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.4
                  }
                ]
              }
            }
          ]
        }

        """#,
        "navigation-generic-maneuver": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Navigation, other maneuver: one 200 ms buzz, no rhythm to read."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticContinuous",
                "EventDuration": 0.2,
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.7
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.4
                  }
                ]
              }
            }
          ]
        }

        """#,
        "navigation-left-turn": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Navigation, left turn: two pairs of taps, 60 ms within a pair, 120 ms between pairs."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.8
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.6
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.06,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.8
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.6
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.18,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.8
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.6
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.24,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.8
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.6
                  }
                ]
              }
            }
          ]
        }

        """#,
        "navigation-right-turn": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Navigation, right turn: four even taps, 80 ms apart (a steady rhythm)."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.8
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.6
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.08,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.8
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.6
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.16,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.8
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.6
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.24,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.8
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.6
                  }
                ]
              }
            }
          ]
        }

        """#,
        "notification": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Notification (watchOS): two taps to get attention, then a short buzz."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.8
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.6
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.1,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.8
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.6
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.2,
                "EventType": "HapticContinuous",
                "EventDuration": 0.15,
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.6
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.4
                  }
                ]
              }
            }
          ]
        }

        """#,
        "path-complete": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Path complete: a light tap, then a strong crisp tap 60 ms later, closing the shape."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.5
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.6
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.06,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.9
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.8
                  }
                ]
              }
            }
          ]
        }

        """#,
        "press-button": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Press, button: one firm, crisp tap, like a key going down."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.75
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.65
                  }
                ]
              }
            }
          ]
        }

        """#,
        "press-button-icon-only": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Press, icon-only button: a lighter, crisper tap for a small target."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.5
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.8
                  }
                ]
              }
            }
          ]
        }

        """#,
        "press-slider": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Press, slider: one soft, dull tap as the thumb is gripped."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.6
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.2
                  }
                ]
              }
            }
          ]
        }

        """#,
        "press-tab": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Press, tab: one medium tap, lighter than a button, as the view switches."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.5
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.55
                  }
                ]
              }
            }
          ]
        }

        """#,
        "press-toggle": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Press, toggle: a light tap, then a firm tap 50 ms later, the switch throwing over."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.4
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.7
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.05,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.8
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.7
                  }
                ]
              }
            }
          ]
        }

        """#,
        "release-slider": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Release, slider: one faint, dull tap as the thumb is let go (weaker than the press)."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.35
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.25
                  }
                ]
              }
            }
          ]
        }

        """#,
        "retry": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Retry (watchOS): a short low buzz, then a firm tap: try again."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticContinuous",
                "EventDuration": 0.08,
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.6
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.3
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.14,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.8
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.7
                  }
                ]
              }
            }
          ]
        }

        """#,
        "selection": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "A selection change: one light, crisp detent tick (UIKit selection: base volume 0.4; sharpness 0.86)."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.4
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.86
                  }
                ]
              }
            }
          ]
        }

        """#,
        "selection-maximum": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Selection maximum: a full-strength bright knock on the end stop, then a faint rebound 60 ms later."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 1.0
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.75
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.06,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.3
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.75
                  }
                ]
              }
            }
          ]
        }

        """#,
        "selection-minimum": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Selection minimum: a full-strength dull knock on the end stop, then a faint rebound 60 ms later."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 1.0
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.3
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.06,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.3
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.3
                  }
                ]
              }
            }
          ]
        }

        """#,
        "selection-off": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Selection off: one soft, dull tick (weaker and duller than on)."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.45
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.3
                  }
                ]
              }
            }
          ]
        }

        """#,
        "selection-on": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Selection on: one firm, bright tick (stronger and sharper than off)."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.65
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.9
                  }
                ]
              }
            }
          ]
        }

        """#,
        "start": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Start: a 120 ms swell that rises, then a firm tap."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticContinuous",
                "EventDuration": 0.12,
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.7
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.4
                  }
                ]
              }
            },
            {
              "ParameterCurve": {
                "ParameterID": "HapticIntensityControl",
                "Time": 0.0,
                "ParameterCurveControlPoints": [
                  {
                    "Time": 0.0,
                    "ParameterValue": 0.3
                  },
                  {
                    "Time": 0.12,
                    "ParameterValue": 1.0
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.16,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.9
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.7
                  }
                ]
              }
            }
          ]
        }

        """#,
        "stop": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Stop: a firm tap, then a 120 ms swell that falls away."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.9
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.7
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.05,
                "EventType": "HapticContinuous",
                "EventDuration": 0.12,
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.7
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.4
                  }
                ]
              }
            },
            {
              "ParameterCurve": {
                "ParameterID": "HapticIntensityControl",
                "Time": 0.05,
                "ParameterCurveControlPoints": [
                  {
                    "Time": 0.0,
                    "ParameterValue": 1.0
                  },
                  {
                    "Time": 0.12,
                    "ParameterValue": 0.3
                  }
                ]
              }
            }
          ]
        }

        """#,
        "success": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Success: a double tap, strong then weaker, 85 ms apart."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.9
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.6
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.085,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.6
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.5
                  }
                ]
              }
            }
          ]
        }

        """#,
        "underwater-depth-critical-prompt": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Underwater critical depth prompt: four full-strength 50 ms buzzes, 80 ms apart."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticContinuous",
                "EventDuration": 0.05,
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 1.0
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.5
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.08,
                "EventType": "HapticContinuous",
                "EventDuration": 0.05,
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 1.0
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.5
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.16,
                "EventType": "HapticContinuous",
                "EventDuration": 0.05,
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 1.0
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.5
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.24,
                "EventType": "HapticContinuous",
                "EventDuration": 0.05,
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 1.0
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.5
                  }
                ]
              }
            }
          ]
        }

        """#,
        "underwater-depth-prompt": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Underwater depth prompt: two strong, low 80 ms buzzes, 140 ms apart."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticContinuous",
                "EventDuration": 0.08,
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.85
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.3
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.14,
                "EventType": "HapticContinuous",
                "EventDuration": 0.08,
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.85
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.3
                  }
                ]
              }
            }
          ]
        }

        """#,
        "warning": #"""
        {
          "Version": 1.0,
          "Metadata": {
            "Project": "OpenHapticFeedback",
            "Description": "Warning: two firm, equal taps, 120 ms apart."
          },
          "Pattern": [
            {
              "Event": {
                "Time": 0.0,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.85
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.7
                  }
                ]
              }
            },
            {
              "Event": {
                "Time": 0.12,
                "EventType": "HapticTransient",
                "EventParameters": [
                  {
                    "ParameterID": "HapticIntensity",
                    "ParameterValue": 0.85
                  },
                  {
                    "ParameterID": "HapticSharpness",
                    "ParameterValue": 0.7
                  }
                ]
              }
            }
          ]
        }

        """#,
    ]
}
