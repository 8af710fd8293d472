import { routes, type ApiModule } from '../../api-module';
import type { PostCommentService } from './comment-service';
import { postRoutes } from './routes';
import type { PostService } from './service';

/** Community (decision 014): posts, likes and comments. */
export function postModule(s: { posts: PostService; postComments: PostCommentService }): ApiModule {
  return {
    name: 'post',
    routes: [routes(postRoutes, { posts: s.posts, comments: s.postComments })],
  };
}
