// expect: 'AccountListViewModel' initializer is inaccessible due to 'package' protection level
// A scene id made in a view's plain `let` (a new one at every pass), handed
// to a view model that keeps the first: the view's sheets then close another
// scene's. Ids are made by the scene, with its view models.
import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import SwiftUI

struct SceneIDInViewCanary: View {
    let service: any Serving
    let scene = UUID().uuidString
    @State private var model: AccountListViewModel

    init(service: any Serving) {
        self.service = service
        _model = State(wrappedValue: AccountListViewModel(service, scene: scene))
    }

    var body: some View {
        Button("Close") { service.presentSheetAction(scene, nil) }
    }
}
