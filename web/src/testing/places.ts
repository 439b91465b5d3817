// Places the unit tests share, in the shape the localization picker gives and
// the server takes, so every test that searches around Lyon means the same Lyon.
export const lyon = { value: 'Lyon', type: 'city', lat: 45.76, lng: 4.83, id: '69123', country_code: 'FR' } as const;
