// A session recorded by the app's timeline and saved as a test
// (20261129T012247, UTC). It replays the session's events and fails at the first
// update that differs from the recorded one. `replayRecorded(_:)` is the
// test target's: it builds the container and sends each event to its
// screen (KeelTesting's TimelineReplay).
import Testing

@Test("the session saved at 20261129T012247 replays as it was recorded", .timeLimit(.minutes(1)))
func replaysSession20261129T012247() async throws {
    try await replayRecorded(#"""
        {
          "entries" : [
            {
              "cause" : {
                "event" : {
                  "_0" : "submit",
                  "json" : "{\"submit\":{}}",
                  "screen" : "Unlock"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T01:22:45.677Z",
              "duration" : [
                0,
                0
              ],
              "id" : 1
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 01:22:46 +0000",
                  "json" : "817608166.093394",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T01:22:46.093Z",
              "duration" : [
                0,
                0
              ],
              "id" : 2
            },
            {
              "cause" : {
                "update" : {
                  "file" : "AuthenticatorApp\/VaultAccess.swift",
                  "usecase" : "noteActivity()"
                }
              },
              "changes" : [
                {
                  "new" : "2026-11-29 01:22:46 +0000",
                  "old" : "nil",
                  "path" : "system.lastActivity"
                }
              ],
              "date" : "2026-11-29T01:22:46.094Z",
              "duration" : [
                0,
                72388000000000
              ],
              "id" : 3
            },
            {
              "cause" : {
                "update" : {
                  "file" : "AuthenticatorApp\/VaultAccess.swift",
                  "usecase" : "loadVault(key:)"
                }
              },
              "changes" : [
                {
                  "new" : "unlocked",
                  "old" : "noVault",
                  "path" : "lock"
                },
                {
                  "new" : "loaded([])",
                  "old" : "notRequested",
                  "path" : "accounts"
                }
              ],
              "date" : "2026-11-29T01:22:46.096Z",
              "duration" : [
                0,
                7631000000000
              ],
              "id" : 4
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "addAccount",
                  "json" : "{\"addAccount\":{}}",
                  "screen" : "Scene in tab-e2db600a"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T01:22:46.308Z",
              "duration" : [
                0,
                0
              ],
              "id" : 5
            },
            {
              "cause" : {
                "update" : {
                  "file" : "AuthenticatorApp\/PresentSheet.swift",
                  "usecase" : "presentSheet(_:_:)"
                }
              },
              "changes" : [
                {
                  "new" : "Routing(sheet: addAccount)",
                  "path" : "routing[\"tab-e2db600a\"]"
                }
              ],
              "date" : "2026-11-29T01:22:46.308Z",
              "duration" : [
                0,
                65518000000000
              ],
              "id" : 6
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 01:22:46 +0000",
                  "json" : "817608166.3089606",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T01:22:46.308Z",
              "duration" : [
                0,
                0
              ],
              "id" : 7
            },
            {
              "cause" : {
                "update" : {
                  "file" : "AuthenticatorApp\/VaultAccess.swift",
                  "usecase" : "noteActivity()"
                }
              },
              "changes" : [
                {
                  "new" : "2026-11-29 01:22:46 +0000",
                  "old" : "2026-11-29 01:22:46 +0000",
                  "path" : "system.lastActivity"
                }
              ],
              "date" : "2026-11-29T01:22:46.309Z",
              "duration" : [
                0,
                7081000000000
              ],
              "id" : 8
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "LinkAdded(link: \"otpauth:\/\/totp\/Replay%3Aada?issuer=Replay\")",
                  "json" : "{\"link\":\"otpauth:\/\/totp\/Replay%3Aada?issuer=Replay\"}",
                  "screen" : "Account link in tab-e2db600a"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T01:22:46.642Z",
              "duration" : [
                0,
                0
              ],
              "id" : 9
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 01:22:46 +0000",
                  "json" : "817608166.6424388",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T01:22:46.642Z",
              "duration" : [
                0,
                0
              ],
              "id" : 10
            },
            {
              "cause" : {
                "update" : {
                  "file" : "AuthenticatorApp\/VaultAccess.swift",
                  "usecase" : "noteActivity()"
                }
              },
              "changes" : [
                {
                  "new" : "2026-11-29 01:22:46 +0000",
                  "old" : "2026-11-29 01:22:46 +0000",
                  "path" : "system.lastActivity"
                }
              ],
              "date" : "2026-11-29T01:22:46.642Z",
              "duration" : [
                0,
                23966000000000
              ],
              "id" : 11
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 01:22:46 +0000",
                  "json" : "817608166.642974",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T01:22:46.642Z",
              "duration" : [
                0,
                0
              ],
              "id" : 12
            },
            {
              "cause" : {
                "update" : {
                  "file" : "AuthenticatorApp\/VaultAccess.swift",
                  "usecase" : "noteActivity()"
                }
              },
              "changes" : [
                {
                  "new" : "2026-11-29 01:22:46 +0000",
                  "old" : "2026-11-29 01:22:46 +0000",
                  "path" : "system.lastActivity"
                }
              ],
              "date" : "2026-11-29T01:22:46.643Z",
              "duration" : [
                0,
                15273000000000
              ],
              "id" : 13
            },
            {
              "cause" : {
                "update" : {
                  "file" : "AuthenticatorApp\/FollowVault.swift",
                  "usecase" : "followVaultQuery"
                }
              },
              "changes" : [
                {
                  "new" : "SavedAccount(1, Account(Replay (ada), totp SHA1 6 digits 30 s))",
                  "path" : "accounts.loaded[0]"
                }
              ],
              "date" : "2026-11-29T01:22:46.646Z",
              "duration" : [
                0,
                12028000000000
              ],
              "id" : 14
            },
            {
              "cause" : {
                "update" : {
                  "file" : "AuthenticatorApp\/PresentSheet.swift",
                  "usecase" : "presentSheet(_:_:)"
                }
              },
              "changes" : [
                {
                  "old" : "Routing(sheet: addAccount)",
                  "path" : "routing[\"tab-e2db600a\"]"
                }
              ],
              "date" : "2026-11-29T01:22:46.650Z",
              "duration" : [
                0,
                13460000000000
              ],
              "id" : 15
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 01:22:46 +0000",
                  "json" : "817608166.6506087",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T01:22:46.650Z",
              "duration" : [
                0,
                0
              ],
              "id" : 16
            },
            {
              "cause" : {
                "update" : {
                  "file" : "AuthenticatorApp\/VaultAccess.swift",
                  "usecase" : "noteActivity()"
                }
              },
              "changes" : [
                {
                  "new" : "2026-11-29 01:22:46 +0000",
                  "old" : "2026-11-29 01:22:46 +0000",
                  "path" : "system.lastActivity"
                }
              ],
              "date" : "2026-11-29T01:22:46.650Z",
              "duration" : [
                0,
                4847000000000
              ],
              "id" : 17
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "favourite(1, true)",
                  "json" : "{\"favourite\":{\"_0\":{\"rawValue\":1},\"_1\":true}}",
                  "screen" : "Account list in tab-e2db600a"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T01:22:46.829Z",
              "duration" : [
                0,
                0
              ],
              "id" : 18
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 01:22:46 +0000",
                  "json" : "817608166.8300489",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T01:22:46.830Z",
              "duration" : [
                0,
                0
              ],
              "id" : 19
            },
            {
              "cause" : {
                "update" : {
                  "file" : "AuthenticatorApp\/VaultAccess.swift",
                  "usecase" : "noteActivity()"
                }
              },
              "changes" : [
                {
                  "new" : "2026-11-29 01:22:46 +0000",
                  "old" : "2026-11-29 01:22:46 +0000",
                  "path" : "system.lastActivity"
                }
              ],
              "date" : "2026-11-29T01:22:46.830Z",
              "duration" : [
                0,
                16314000000000
              ],
              "id" : 20
            },
            {
              "cause" : {
                "update" : {
                  "file" : "AuthenticatorApp\/FollowVault.swift",
                  "usecase" : "followVaultQuery"
                }
              },
              "changes" : [
                {
                  "new" : "SavedAccount(1, Account(Replay (ada), totp SHA1 6 digits 30 s))",
                  "old" : "SavedAccount(1, Account(Replay (ada), totp SHA1 6 digits 30 s))",
                  "path" : "accounts.loaded[0]"
                }
              ],
              "date" : "2026-11-29T01:22:46.833Z",
              "duration" : [
                0,
                24847000000000
              ],
              "id" : 21
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "copy(1)",
                  "json" : "{\"copy\":{\"_0\":{\"rawValue\":1}}}",
                  "screen" : "Account list in tab-e2db600a"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T01:22:46.977Z",
              "duration" : [
                0,
                0
              ],
              "id" : 22
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 01:22:46 +0000",
                  "json" : "817608166.9779601",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T01:22:46.977Z",
              "duration" : [
                0,
                0
              ],
              "id" : 23
            },
            {
              "cause" : {
                "update" : {
                  "file" : "AuthenticatorApp\/VaultAccess.swift",
                  "usecase" : "noteActivity()"
                }
              },
              "changes" : [
                {
                  "new" : "2026-11-29 01:22:46 +0000",
                  "old" : "2026-11-29 01:22:46 +0000",
                  "path" : "system.lastActivity"
                }
              ],
              "date" : "2026-11-29T01:22:46.978Z",
              "duration" : [
                0,
                21252000000000
              ],
              "id" : 24
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 01:22:46 +0000",
                  "json" : "817608166.9780588",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T01:22:46.978Z",
              "duration" : [
                0,
                0
              ],
              "id" : 25
            },
            {
              "cause" : {
                "update" : {
                  "file" : "AuthenticatorApp\/FollowVault.swift",
                  "usecase" : "followVaultQuery"
                }
              },
              "changes" : [
                {
                  "new" : "SavedAccount(1, Account(Replay (ada), totp SHA1 6 digits 30 s))",
                  "old" : "SavedAccount(1, Account(Replay (ada), totp SHA1 6 digits 30 s))",
                  "path" : "accounts.loaded[0]"
                }
              ],
              "date" : "2026-11-29T01:22:46.980Z",
              "duration" : [
                0,
                14301000000000
              ],
              "id" : 26
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "lock",
                  "json" : "{\"lock\":{}}",
                  "screen" : "Account list in tab-e2db600a"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T01:22:47.054Z",
              "duration" : [
                0,
                0
              ],
              "id" : 27
            },
            {
              "cause" : {
                "update" : {
                  "file" : "AuthenticatorApp\/LockVault.swift",
                  "usecase" : "lockVault()"
                }
              },
              "changes" : [
                {
                  "new" : "locked",
                  "old" : "unlocked",
                  "path" : "lock"
                },
                {
                  "new" : "notRequested",
                  "old" : "loaded([SavedAccount(1, Account(Replay (ada), totp SHA1 6 digits 30 s))])",
                  "path" : "accounts"
                }
              ],
              "date" : "2026-11-29T01:22:47.055Z",
              "duration" : [
                0,
                14932000000000
              ],
              "id" : 28
            }
          ]
        }
        """#)
}
