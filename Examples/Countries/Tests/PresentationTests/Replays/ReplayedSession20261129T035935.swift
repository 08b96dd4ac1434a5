// A session recorded by the app's timeline and saved as a test
// (20261129T035935, UTC). It replays the session's events and fails at the first
// update that differs from the recorded one. `replayRecorded(_:)` is the
// test target's: it builds the container and sends each event to its
// screen (KeelTesting's TimelineReplay).
import Testing

@Test("the session saved at 20261129T035935 replays as it was recorded", .timeLimit(.minutes(1)))
func replaysSession20261129T035935() async throws {
    try await replayRecorded(#"""
        {
          "entries" : [
            {
              "cause" : {
                "update" : {
                  "file" : "CountriesApp\/FollowCountries.swift",
                  "usecase" : "followCountries()"
                }
              },
              "changes" : [
                {
                  "new" : "loading(last: nil)",
                  "old" : "notRequested",
                  "path" : "countries"
                }
              ],
              "date" : "2026-11-29T03:59:33.049Z",
              "duration" : [
                0,
                57315000000000
              ],
              "id" : 1
            },
            {
              "cause" : {
                "update" : {
                  "file" : "CountriesApp\/FollowCountries.swift",
                  "usecase" : "followCountries()"
                }
              },
              "changes" : [
                {
                  "new" : "loaded([Country(code: \"AFG\", alpha2: \"AF\", name: Name(common: \"Afghanistan\", official: \"Islamic Republic of Afghanistan\"), nativeNames: [\"fas\": Name(common: \"افغانستان\", official: \"جمهوری اسلامی افغانستان\"), \"pus\": Name(common: \"افغانستان\", official: \"افغانستان\")], translations: [\"ara\": Name(common: \"أفغانستان\", official: \"جمهورية أفغانستان الإسلامية\"), \"bre\": Name(common: \"Afghanistan\", official: \"Afghanistan\"), \"ces\": Name(common: \"Afghánistán\", official: \"Afghánistánská islámská republika\"), \"cym\": Name(common: \"Afghanistan\", official: \"Gweriniaeth Islamaidd Pacistan\"), \"deu\": Name(common: \"Afghanistan\", official: \"Islamische Republik Afghanistan\"), \"est\": Name(common: \"Afganistan\", official: \"Afganistani Islamivabariik\"), \"fin\": Name(common: \"Afganistan\", official: \"Afganistanin islamilainen tasavalta\"), \"fra\": Name(common: \"Afghanistan\", official: \"République islamique d\\'Afghanistan\"), \"hrv\": Name(common: \"Afganistan\", official: \"Islamska Republika Afganistan\"), \"hun\": Name(common: \"Afganisztán\", official: \"Afgán Iszlám Köztársaság\"), \"ind\": Name(common: \"Afganistan\", official: \"Republik Islam Afghanistan\"), \"ita\": Name(common: \"Afghanistan\", official: \"Repubblica islamica dell\\'Afghanistan\"), \"jpn\": Name(common: \"アフガニスタン\", official: \"アフガニスタン・イスラム共和国\"), \"kor\": Name(common: \"아프가니스탄\", official: \"아프가니스탄 이슬람 공화국\"), \"nld\": Name(common: \"Afghanistan\", official: \"Islamitische Republiek Afghanistan\"), \"per\": Name(common: \"افغانستان\", official: \"جمهوری اسلامی افغانستان\"), \"pol\": Name(common: \"Afganistan\", official: \"Islamska Republika Afganistanu\"), \"por\": Name(common: \"Afeganistão\", official: \"República Islâmica do Afeganistão\"), \"rus\": Name(common: \"Афганистан\", official: \"Исламская Республика Афганистан\"), \"slk\": Name(common: \"Afganistan\", official: \"Afghanistanská islamská republika\"), \"spa\": Name(common: \"Afganistán\", official: \"República Islámica de Afganistán\"), \"srp\": Name(common: \"Авганистан\", official: \"Исламска Република Авганистан\"), \"swe\": Name(common: \"Af… (549969 characters, digest 835cd517ec50e0fb)",
                  "old" : "loading(last: nil)",
                  "path" : "countries"
                }
              ],
              "date" : "2026-11-29T03:59:33.102Z",
              "duration" : [
                0,
                25528000000000
              ],
              "id" : 2
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "sceneActivity(isActive: true)",
                  "json" : "{\"sceneActivity\":{\"isActive\":true}}",
                  "screen" : "Root in tab-82aa36d6"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T03:59:34.344Z",
              "duration" : [
                0,
                0
              ],
              "id" : 3
            },
            {
              "cause" : {
                "update" : {
                  "file" : "CountriesApp\/SceneActivity.swift",
                  "usecase" : "sceneActivity(_:isActive:)"
                }
              },
              "changes" : [
                {
                  "new" : "Routing(path: [], flagSheet: nil)",
                  "old" : "nil",
                  "path" : "routing[\"tab-82aa36d6\"]"
                }
              ],
              "date" : "2026-11-29T03:59:34.345Z",
              "duration" : [
                0,
                527395000000000
              ],
              "id" : 4
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "search(\"kor\")",
                  "json" : "{\"search\":{\"_0\":\"kor\"}}",
                  "screen" : "Country list in tab-82aa36d6"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T03:59:35.078Z",
              "duration" : [
                0,
                0
              ],
              "id" : 5
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "appeared",
                  "json" : "{\"appeared\":{}}",
                  "screen" : "Country details KOR in tab-82aa36d6"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T03:59:35.209Z",
              "duration" : [
                0,
                0
              ],
              "id" : 6
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "showFlag",
                  "json" : "{\"showFlag\":{}}",
                  "screen" : "Country details KOR in tab-82aa36d6"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T03:59:35.391Z",
              "duration" : [
                0,
                0
              ],
              "id" : 7
            },
            {
              "cause" : {
                "update" : {
                  "file" : "CountriesApp\/ShowFlag.swift",
                  "usecase" : "showFlag(_:of:)"
                }
              },
              "changes" : [
                {
                  "new" : "\"KOR\"",
                  "old" : "nil",
                  "path" : "routing[\"tab-82aa36d6\"].flagSheet"
                }
              ],
              "date" : "2026-11-29T03:59:35.391Z",
              "duration" : [
                0,
                26900000000000
              ],
              "id" : 8
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "hideFlag",
                  "json" : "{\"hideFlag\":{}}",
                  "screen" : "Country details KOR in tab-82aa36d6"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T03:59:35.420Z",
              "duration" : [
                0,
                0
              ],
              "id" : 9
            },
            {
              "cause" : {
                "update" : {
                  "file" : "CountriesApp\/ShowFlag.swift",
                  "usecase" : "showFlag(_:of:)"
                }
              },
              "changes" : [
                {
                  "new" : "nil",
                  "old" : "\"KOR\"",
                  "path" : "routing[\"tab-82aa36d6\"].flagSheet"
                }
              ],
              "date" : "2026-11-29T03:59:35.420Z",
              "duration" : [
                0,
                25858000000000
              ],
              "id" : 10
            },
            {
              "cause" : {
                "event" : {
                  "_0" : "SettingsViewState(showsRegion: false, languageCode: \"\")",
                  "json" : "{\"languageCode\":\"\",\"showsRegion\":false}",
                  "screen" : "Settings"
                }
              },
              "changes" : [
        
              ],
              "date" : "2026-11-29T03:59:35.653Z",
              "duration" : [
                0,
                0
              ],
              "id" : 11
            },
            {
              "cause" : {
                "update" : {
                  "file" : "CountriesApp\/ApplyRegion.swift",
                  "usecase" : "applyRegion(_:)"
                }
              },
              "changes" : [
                {
                  "new" : "false",
                  "old" : "true",
                  "path" : "settings.showsRegion"
                }
              ],
              "date" : "2026-11-29T03:59:35.653Z",
              "duration" : [
                0,
                20540000000000
              ],
              "id" : 12
            }
          ]
        }
        """#)
}
