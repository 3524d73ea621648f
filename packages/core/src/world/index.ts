// A world's (a platform server's) settings, as elizaOS plugins read and write them.
export {
  createSettingFromConfig,
  getWorldSettings,
  initializeOnboarding,
  updateWorldSettings,
} from './world-settings-store';
