import { defaultRehypePlugins, type BlockProps } from 'streamdown';
import { rehypeRemoteImages } from './remote-images';

type RehypePlugins = NonNullable<BlockProps['rehypePlugins']>;

const { raw } = defaultRehypePlugins;

/**
 * Streamdown's own list: raw HTML read (rehype-raw), then sanitised and links hardened; then
 * images from other sites made into links that load nothing by themselves (remote-images.ts).
 */
export const fullRehypePlugins: RehypePlugins = [...Object.values(defaultRehypePlugins), rehypeRemoteImages];

const withoutRaw = new WeakMap<RehypePlugins, RehypePlugins>();

/**
 * The plugins a text needs. rehype-raw re-parses the whole tree through an HTML parser, a third
 * of the pipeline's time, to read HTML written into the markdown; a text without a `<` has none
 * for it to read, so it goes without (sanitising stays). The same list object comes back for the
 * same input list, so memoised blocks and streamdown's processor cache keep matching.
 */
export function rehypePluginsFor(text: string, plugins: RehypePlugins): RehypePlugins {
  if (text.includes('<')) return plugins;
  let lean = withoutRaw.get(plugins);
  if (!lean) {
    lean = plugins.filter((plugin) => plugin !== raw);
    withoutRaw.set(plugins, lean);
  }
  return lean;
}
