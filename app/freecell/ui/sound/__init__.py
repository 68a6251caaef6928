"""The game's sounds, imported only once the player switches sound on
(Preferences > Sound; docs/sound.md)."""
