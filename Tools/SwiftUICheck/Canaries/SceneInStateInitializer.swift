// expect: 'async' call in a function that does not support concurrency
// A window's scene made in a `@State` initializer, which SwiftUI runs at every
// pass: every view model of the scene would be made again each time. The
// scene's initializer is `async`, so it can only be made in `.task`.
import CountriesDomain
import CountriesPresentation
import SwiftUI

struct SceneInStateInitializerCanary: View {
    @State private var scene: CountriesScene

    init(service: any Serving) {
        _scene = State(wrappedValue: CountriesScene(service))
    }

    var body: some View {
        Text("\(scene.list.resultCount) countries")
    }
}
