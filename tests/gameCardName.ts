// A game card's accessible name, for the screen tests and the browser tests alike: what the card
// shows, the game's name first (after "not opened" on a game without an account yet), then its
// balance, whose currency sign follows the name ("Joker Gaming" is not "Joker Gaming 2").
export const gameCardName = (notOpened: string, game: string): RegExp => new RegExp(`^(?:${notOpened}\\s*)?${game}\\s*[^\\w\\s]`)
