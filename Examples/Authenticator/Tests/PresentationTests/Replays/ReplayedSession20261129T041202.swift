// A session recorded by the app's timeline and saved as a test
// (20261129T041202, UTC). It replays the session's events and fails at the first
// update that differs from the recorded one. `replayRecorded(_:)` is the
// test target's: it builds the container and sends each event to its
// screen (KeelTesting's TimelineReplay).
import Testing

@Test("the session saved at 20261129T041202 replays as it was recorded", .timeLimit(.minutes(1)))
func replaysSession20261129T041202() async throws {
    try await replayRecorded(#"""
        {
          "branches" : [
        
          ],
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
              "date" : "2026-11-29T04:12:00.881Z",
              "duration" : [
                0,
                0
              ],
              "id" : 1
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 04:12:01 +0000",
                  "json" : "817618321.2973932",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T04:12:01.297Z",
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
                  "new" : "2026-11-29 04:12:01 +0000",
                  "old" : "nil",
                  "path" : "system.lastActivity"
                }
              ],
              "date" : "2026-11-29T04:12:01.298Z",
              "duration" : [
                0,
                79728000000000
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
              "date" : "2026-11-29T04:12:01.304Z",
              "duration" : [
                0,
                10165000000000
              ],
              "id" : 4
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "addAccount",
                  "json" : "{\"addAccount\":{}}",
                  "screen" : "Scene in tab-dfc0a441"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T04:12:01.477Z",
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
                  "path" : "routing[\"tab-dfc0a441\"]"
                }
              ],
              "date" : "2026-11-29T04:12:01.478Z",
              "duration" : [
                0,
                28713000000000
              ],
              "id" : 6
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 04:12:01 +0000",
                  "json" : "817618321.4785724",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T04:12:01.478Z",
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
                  "new" : "2026-11-29 04:12:01 +0000 (changed where its description does not show)",
                  "old" : "2026-11-29 04:12:01 +0000",
                  "path" : "system.lastActivity"
                }
              ],
              "date" : "2026-11-29T04:12:01.478Z",
              "duration" : [
                0,
                6790000000000
              ],
              "id" : 8
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "LinkAdded(link: \"otpauth:\/\/totp\/Replay%3Aada?issuer=Replay\")",
                  "json" : "{\"link\":\"otpauth:\/\/totp\/Replay%3Aada?issuer=Replay\"}",
                  "screen" : "Account link in tab-dfc0a441"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T04:12:01.779Z",
              "duration" : [
                0,
                0
              ],
              "id" : 9
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 04:12:01 +0000",
                  "json" : "817618321.7800614",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T04:12:01.780Z",
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
                  "new" : "2026-11-29 04:12:01 +0000 (changed where its description does not show)",
                  "old" : "2026-11-29 04:12:01 +0000",
                  "path" : "system.lastActivity"
                }
              ],
              "date" : "2026-11-29T04:12:01.780Z",
              "duration" : [
                0,
                14462000000000
              ],
              "id" : 11
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 04:12:01 +0000",
                  "json" : "817618321.7803239",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T04:12:01.780Z",
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
                  "new" : "2026-11-29 04:12:01 +0000 (changed where its description does not show)",
                  "old" : "2026-11-29 04:12:01 +0000",
                  "path" : "system.lastActivity"
                }
              ],
              "date" : "2026-11-29T04:12:01.780Z",
              "duration" : [
                0,
                7171000000000
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
                  "new" : "SavedAccount(1, Account(Replay (ada), totp SHA1 6 digits 30 s), isFavourite: false, position: 0, lastUsed: nil)",
                  "path" : "accounts.loaded[0]"
                }
              ],
              "date" : "2026-11-29T04:12:01.782Z",
              "duration" : [
                0,
                8713000000000
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
                  "path" : "routing[\"tab-dfc0a441\"]"
                }
              ],
              "date" : "2026-11-29T04:12:01.791Z",
              "duration" : [
                0,
                20611000000000
              ],
              "id" : 15
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 04:12:01 +0000",
                  "json" : "817618321.791128",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T04:12:01.791Z",
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
                  "new" : "2026-11-29 04:12:01 +0000 (changed where its description does not show)",
                  "old" : "2026-11-29 04:12:01 +0000",
                  "path" : "system.lastActivity"
                }
              ],
              "date" : "2026-11-29T04:12:01.791Z",
              "duration" : [
                0,
                426925000000000
              ],
              "id" : 17
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "favourite(1, true)",
                  "json" : "{\"favourite\":{\"_0\":{\"rawValue\":1},\"_1\":true}}",
                  "screen" : "Account list in tab-dfc0a441"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T04:12:01.940Z",
              "duration" : [
                0,
                0
              ],
              "id" : 18
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 04:12:01 +0000",
                  "json" : "817618321.9410245",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T04:12:01.941Z",
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
                  "new" : "2026-11-29 04:12:01 +0000 (changed where its description does not show)",
                  "old" : "2026-11-29 04:12:01 +0000",
                  "path" : "system.lastActivity"
                }
              ],
              "date" : "2026-11-29T04:12:01.941Z",
              "duration" : [
                0,
                18447000000000
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
                  "new" : "SavedAccount(1, Account(Replay (ada), totp SHA1 6 digits 30 s), isFavourite: true, position: 0, lastUsed: nil)",
                  "old" : "SavedAccount(1, Account(Replay (ada), totp SHA1 6 digits 30 s), isFavourite: false, position: 0, lastUsed: nil)",
                  "path" : "accounts.loaded[0]"
                }
              ],
              "date" : "2026-11-29T04:12:01.944Z",
              "duration" : [
                0,
                15553000000000
              ],
              "id" : 21
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "copy(1)",
                  "json" : "{\"copy\":{\"_0\":{\"rawValue\":1}}}",
                  "screen" : "Account list in tab-dfc0a441"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T04:12:02.075Z",
              "duration" : [
                0,
                0
              ],
              "id" : 22
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 04:12:02 +0000",
                  "json" : "817618322.0752547",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T04:12:02.075Z",
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
                  "new" : "2026-11-29 04:12:02 +0000",
                  "old" : "2026-11-29 04:12:01 +0000",
                  "path" : "system.lastActivity"
                }
              ],
              "date" : "2026-11-29T04:12:02.075Z",
              "duration" : [
                0,
                15934000000000
              ],
              "id" : 24
            },
            {
              "cause" : {
                "answer" : {
                  "_0" : "2026-11-29 04:12:02 +0000",
                  "json" : "817618322.0753341",
                  "source" : "now()"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T04:12:02.075Z",
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
                  "new" : "SavedAccount(1, Account(Replay (ada), totp SHA1 6 digits 30 s), isFavourite: true, position: 0, lastUsed: 2026-11-29 04:12:02 +0000)",
                  "old" : "SavedAccount(1, Account(Replay (ada), totp SHA1 6 digits 30 s), isFavourite: true, position: 0, lastUsed: nil)",
                  "path" : "accounts.loaded[0]"
                }
              ],
              "date" : "2026-11-29T04:12:02.077Z",
              "duration" : [
                0,
                15372000000000
              ],
              "id" : 26
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "lock",
                  "json" : "{\"lock\":{}}",
                  "screen" : "Account list in tab-dfc0a441"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T04:12:02.149Z",
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
                  "old" : "loaded([SavedAccount(1, Account(Replay (ada), totp SHA1 6 digits 30 s), isFavourite: true, position: 0, lastUsed: 2026-11-29 04:12:02 +0000)])",
                  "path" : "accounts"
                }
              ],
              "date" : "2026-11-29T04:12:02.149Z",
              "duration" : [
                0,
                9204000000000
              ],
              "id" : 28
            }
          ]
        }
        """#)
}
