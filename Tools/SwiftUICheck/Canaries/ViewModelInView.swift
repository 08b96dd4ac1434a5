// expect: 'CountryListViewModel' initializer is inaccessible due to 'package' protection level
// A view model made in a view's `@State` initializer: SwiftUI runs it at every
// pass of the parent and keeps only the first (the list's search child and
// its tasks made and thrown away each time). Only a scene makes view models.
import CountriesDomain
import CountriesPresentation
import SwiftUI

struct ViewModelInViewCanary: View {
    @State private var model: CountryListViewModel

    init(service: any Serving) {
        _model = State(wrappedValue: CountryListViewModel(service))
    }

    var body: some View {
        Text("\(model.resultCount) countries")
    }
}
